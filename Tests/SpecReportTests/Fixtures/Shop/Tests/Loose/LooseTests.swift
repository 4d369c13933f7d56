import Shop
import Testing

struct LooseTests {
    @Test("TR-2 A test in a folder that belongs to no target")
    func loose() {
        #expect(Basket().total == 0)
    }
}
