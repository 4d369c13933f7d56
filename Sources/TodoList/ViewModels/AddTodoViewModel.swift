import Forms
import Foundation
import Observation

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
        SaveButtonState(allowsSaving: TodoItem.normalizedTitle(title) != nil)
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
