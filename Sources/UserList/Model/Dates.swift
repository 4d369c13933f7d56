import Dates

/// A day on the calendar: a date of birth, or today. It is the `Dates` module's, which the
/// to-do list shares for due dates; named here too, so that whoever works with people needs no
/// other import.
public typealias CalendarDate = Dates.CalendarDate
