@testable import SpecReport
import Testing

/// A Swift source with its comments and the text of its literals blanked out, byte for byte, so
/// that what is left is code, at the lines and columns the compiler gives.
@Suite("Reading Swift code apart from its comments and literals")
struct SwiftCodeTests {
    @Test("Comments, strings and regex literals are blanked, their delimiters and the code around them kept",
          arguments: [
              ("a // c\nb", "a     \nb"),
              ("/* x /* y */ z */q", "                 q"),
              ("/* x */ /* y */q", "               q"),
              ("\"ab\" + x", "\"  \" + x"),
              ("\"a\\\"b\" + x", "\"    \" + x"),
              ("\"ab\nc", "\"  \nc"),
              ("\"\"\"\nab\n\"\"\" + x", "\"\"\"\n  \n\"\"\" + x"),
              ("#\"a\"b\"# x", "#\"   \"# x"),
              ("#\"a\\#(x)b\"# y", "#\"    x  \"# y"),
              ("\"a\\(f(x))b\" + y", "\"   f(x)  \" + y"),
              ("\"a\\(\"b\")c\" + y", "\"   \" \"  \" + y"),
              ("#/a\"b/# x", "        x"),
              ("f(x) ) y", "f(x) ) y"),
              ("a /", "a /"),
              ("x = #", "x = #"),
          ])
    func masked(source: String, code: String) {
        #expect(String(decoding: SwiftCode(source).bytes, as: UTF8.self) == code)
    }

    @Test("An attribute is found on its line, up to the last line of the file, and only as a whole name",
          arguments: [("@Test\n", 1, 0), ("x\n@Test", 2, 2), ("x\n  @Test(\"a\")", 2, 4), ("@Test\n", 0, nil), ("@Test\n", 2, nil),
                      ("@Test\n", 3, nil), ("x\n@Test", 1, nil), ("@Test x\n", 1, 0), ("@Test(\n", 1, 0)] as [(String, Int, Int?)])
    func attribute(source: String, line: Int, at: Int?) {
        #expect(SwiftCode(source).attribute("Test", onLine: line) == at)
    }

    @Test("A longer name that starts with the attribute's is not the attribute", arguments: ["a", "z", "A", "Z", "0", "9", "_", "é"])
    func longerName(next: String) {
        #expect(SwiftCode("@Test\(next) x").attribute("Test", onLine: 1) == nil)
    }

    @Test("Brackets are matched, and space is passed over, up to the end of the code")
    func bracketsAndSpace() {
        let code = SwiftCode("f(a, (b)) {c}  ")

        #expect(code.balanced(from: 1) == 1..<9)
        #expect(code.balanced(from: 10) == 10..<13)
        #expect(code.balanced(from: 15) == nil)
        #expect(SwiftCode("f(a").balanced(from: 1) == nil)
        #expect(code.skippingSpace(from: 9) == 10)
        #expect(code.skippingSpace(from: 13) == 15)
    }
}
