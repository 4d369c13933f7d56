import Foundation
import SpecReport

exit(SpecReportProgram.run(arguments: Array(CommandLine.arguments.dropFirst())))
