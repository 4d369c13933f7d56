import Receipts
import Testing

struct ReceiptTests {
    @Test("RC-1 A receipt lists what was bought")
    func listsWhatWasBought() {
        var till = Till()
        till.items.append("Tea")

        let receipt = Receipt(till: till)

        #expect(receipt.lines == ["Tea"])
    }
}
