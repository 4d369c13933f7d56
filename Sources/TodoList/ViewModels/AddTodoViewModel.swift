import Forms
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dates
import Observation

/// The add form: a title, Cancel and Save. Opened by `TodoListViewModel.openAddForm()`;
/// saving or cancelling closes it.
///
/// It saves to the store itself and tells the list through closures that hold the list
/// weakly: the list holds the form while it is open, and the form must not hold the list.
@MainActor
@Observable
public final class AddTodoViewModel {
    public var title = ""

    private let store: any TodoStore
    private let clock: ListClock
    private let saved: (TodoItem) -> Void
    private let closed: () -> Void

    init(store: any TodoStore, clock: ListClock, saved: @escaping (TodoItem) -> Void, closed: @escaping () -> Void) {
        self.store = store
        self.clock = clock
        self.saved = saved
        self.closed = closed
    }

    /// Enabled and green once the title holds something besides spaces; disabled and grey before.
    public var saveButton: SaveButtonState {
        SaveButtonState(allowsSaving: TodoItem.normalizedTitle(title) != nil)
    }

    /// Adds the title at the top of To do, the words that plan it taken out and the rest
    /// trimmed, and closes the form. Throws `TodoError.emptyTitle` while Save is disabled, or
    /// when the planning words leave no title, and `TitleWords.Refusal` for a planning word
    /// that says nothing it can keep; the form then stays open.
    @discardableResult
    public func save() throws -> TodoItem {
        let words = try TitleWords(title, today: clock.today())
        guard let title = TodoItem.normalizedTitle(words.title) else { throw TodoError.emptyTitle }
        let item = try store.add(id: clock.newID(), title: title, plan: words.plan, at: clock.now())
        saved(item)
        closed()
        return item
    }

    /// Closes the form; nothing is added.
    public func cancel() {
        closed()
    }
}
