import HometownCLI

HometownCommand.main()
