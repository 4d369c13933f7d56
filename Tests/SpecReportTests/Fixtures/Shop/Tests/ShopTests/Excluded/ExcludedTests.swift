import Shop
import Testing

struct ExcludedTests {
    @Test("TR-1 A test in a folder the package excludes")
    func excluded() {
        #expect(Basket().total == 0)
    }
}
