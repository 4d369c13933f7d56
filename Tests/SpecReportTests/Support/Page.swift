import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The report's page as a tree of elements, read as XML: the page is written well-formed so
/// that its structure can be checked as a browser's accessibility tools would check it.
final class Element {
    let name: String
    let attributes: [String: String]
    weak private(set) var parent: Element?
    /// What it holds, in order: elements and runs of text.
    private var parts: [Part] = []

    private enum Part {
        case element(Element)
        case text(String)
    }

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    var children: [Element] {
        parts.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// Every element below it, in document order.
    var descendants: [Element] { children.flatMap { [$0] + $0.descendants } }

    /// All the text inside it, in order.
    var text: String {
        parts.map { part in
            switch part {
            case .element(let element): element.text
            case .text(let text): text
            }
        }.joined()
    }

    var classes: [String] { (self["class"] ?? "").split(separator: " ").map(String.init) }

    func all(_ name: String) -> [Element] { descendants.filter { $0.name == name } }

    func all(class name: String) -> [Element] { descendants.filter { $0.classes.contains(name) } }

    func element(id: String) -> Element? { descendants.first { $0["id"] == id } }

    var ancestors: [Element] { parent.map { [$0] + $0.ancestors } ?? [] }

    /// The page, or the reason it is not well-formed.
    static func page(_ html: String) throws -> Element {
        let reader = Reader()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = reader
        guard parser.parse(), let root = reader.root else {
            throw NotWellFormed(description: parser.parserError.map { "\($0) at line \(parser.lineNumber)" } ?? "no element")
        }
        return root
    }

    struct NotWellFormed: Error, CustomStringConvertible {
        let description: String
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var root: Element?
        private var open: [Element] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let element = Element(name: name, attributes: attributes)
            if let parent = open.last {
                parent.parts.append(.element(element))
                element.parent = parent
            } else {
                root = element
            }
            open.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open.last?.parts.append(.text(string))
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            open.last?.parts.append(.text(String(decoding: block, as: UTF8.self)))
        }
    }
}
