import HometownCLI

HometownCommand.runMain()
