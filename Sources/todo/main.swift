import TodoCLI

TodoProgram.main()
