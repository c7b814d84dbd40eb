import HometownCLI

await HometownCommand.runMain()
