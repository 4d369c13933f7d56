import Forms
import Testing

/// Both add forms draw their Save button from this one value (TA-3, TA-4, UA-14): a form
/// that can save shows it green and enabled, one that cannot shows it grey and disabled.
@Suite("The Save button of a form")
struct SaveButtonStateTests {
    @Test("Save is green and enabled when the form can be saved, grey and disabled when it cannot",
          arguments: [(true, SaveButtonState(isEnabled: true, colour: .green)), (false, SaveButtonState(isEnabled: false, colour: .grey))])
    func followsWhetherTheFormCanSave(allowsSaving: Bool, expected: SaveButtonState) {
        #expect(SaveButtonState(allowsSaving: allowsSaving) == expected)
    }
}
