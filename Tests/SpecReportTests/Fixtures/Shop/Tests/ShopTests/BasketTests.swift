import Foundation
import Shop
import Testing

@Suite("The basket")
struct BasketTests {
    @Test("SH-1 An added item is in the basket")
    func addedItem() {
        var basket = Basket()

        basket.add("Tea", cents: 350)

        #expect(basket.items == ["Tea": 350])
    }

    @Test("SH-2 The total is the sum of the prices")
    func total() {
        var basket = Basket()
        basket.add("Tea", cents: 350)
        basket.add("Milk", cents: 120)

        let total = basket.total

        #expect(total == 470, "the sum of both prices")
    }

    @Test("SH-3 A discount code takes its share off the total", arguments: [(10, 900), (0, 1000)])
    func discount(percent: Int, total: Int) {
        var basket = Basket()
        basket.add("Tea", cents: 1000)

        #expect(basket.discounted(byPercent: percent) == total)
    }

    @Test("SH-4 SH-5 Codes: the second replaces the first, and stays with the basket")
    func codes() {
        let basket = Basket()

        #expect(basket.discounted(byPercent: 20) == basket.total)
    }

    @Test("SH-6 A receipt is printed where a printer is attached",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/usb/lp0")))
    func receipt() {
        #expect(FileManager.default.isWritableFile(atPath: "/dev/usb/lp0"))
    }

    @Test("SH-8 An emptied basket costs nothing")
    func emptied() {
        // A test's text held in a raw string is text, not a test:
        let quoted = #"@Test("TR-4 A test written inside a raw string of another test") func inside() { #expect(Bool(true)) }"#

        let basket = Basket()

        #expect(basket.total == 0)
        #expect(!quoted.isEmpty)
    }

    @Test("SH-8 An emptied basket costs nothing: with one item taken out of two")
    func emptiedOfOne() {
        var basket = Basket()
        basket.add("Tea", cents: 350)

        #expect(basket.items.count == 1)
    }
}
