/// What a form's Save button looks like. The view only renders it: whether saving is allowed
/// is decided by the form's view-model, where it is tested, and nowhere else.
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

    /// Enabled and green when the form can be saved, disabled and grey when it cannot.
    public init(allowsSaving: Bool) {
        self.init(isEnabled: allowsSaving, colour: allowsSaving ? .green : .grey)
    }
}
