import Foundation
import Shop
import Testing

/// Each test here is the only test of its scenario, and none of them covers it.
struct TrickTests {
#if os(Windows)
    @Test("TR-3 A test under #if os(Windows)")
    func windowsOnly() {
        #expect(Basket().total == 0)
    }
#endif

    @Test("TR-5 A test enabled if false", .enabled(if: false))
    func enabledIfFalse() {
        #expect(Basket().total == 0)
    }

    @Test("TR-6 A disabled test", .disabled("flaky"))
    func disabled() {
        #expect(Basket().total == 0)
    }

    @Test("TR-8 A test with no assertion")
    func noAssertion() {
        var basket = Basket()
        basket.add("Tea", cents: 350)
    }

    @Test("TR-9 A test whose only assertion is #expect(true)")
    func alwaysTrue() {
        _ = Basket()
        #expect(Bool(true))
    }

    @Test("TR-10 A test skipped where the system lacks something, and not tagged as bound to a platform",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/usb/lp0")))
    func needsAPrinter() {
        #expect(FileManager.default.isWritableFile(atPath: "/dev/usb/lp0"))
    }

    @Test("TR-11 A scenario tagged as bound to a platform whose test runs everywhere")
    func runsEverywhere() {
        #expect(Basket().items.isEmpty)
    }
}

@Suite(.disabled("until the basket has codes"))
struct DisabledSuiteTests {
    @Test("TR-7 A test in a disabled suite")
    func inADisabledSuite() {
        #expect(Basket().total == 0)
    }
}
