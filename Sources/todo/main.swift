import TodoCLI

await TodoProgram.main()
