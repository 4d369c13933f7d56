import Foundation
import Observation

/// What the Save button looks like. The view only renders it: whether saving is allowed is
/// decided here, where it is tested, and nowhere else.
public struct SaveButtonState: Equatable, Sendable {
    public enum Colour: Equatable, Sendable {
        case green, grey
    }

    public let isEnabled: Bool
    public let colour: Colour

    public init(isEnabled: Bool, colour: Colour) {
        self.isEnabled = isEnabled
        self.colour = colour
    }
}

/// The add form: a title, Cancel and Save. Opened by `TodoListViewModel.openAddForm()`;
/// saving or cancelling closes it.
@MainActor
@Observable
public final class AddTodoViewModel {
    public var title = ""

    private let list: TodoListViewModel
    private let newID: () -> UUID

    init(list: TodoListViewModel, newID: @escaping () -> UUID) {
        self.list = list
        self.newID = newID
    }

    /// Enabled and green once the title holds something besides spaces; disabled and grey before.
    public var saveButton: SaveButtonState {
        TodoItem.normalizedTitle(title) == nil
            ? SaveButtonState(isEnabled: false, colour: .grey)
            : SaveButtonState(isEnabled: true, colour: .green)
    }

    /// Adds the trimmed title at the top of To do and closes the form. Throws
    /// `TodoError.emptyTitle` while Save is disabled; the form then stays open.
    @discardableResult
    public func save() throws -> TodoItem {
        guard let title = TodoItem.normalizedTitle(title) else { throw TodoError.emptyTitle }
        let item = TodoItem(id: newID(), title: title)
        try list.add(item)
        list.closeAddForm()
        return item
    }

    /// Closes the form; nothing is added.
    public func cancel() {
        list.closeAddForm()
    }
}
