package io.reactiveumad.examples;

import picocli.CommandLine.Command;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Watch traps on the embedded fabric while a script flaps links; prints events as they arrive, then a summary.")
final class DemoCommand extends FabricCommand {
    @Override
    public Integer call() {
        throw new UnsupportedOperationException("demo: not built yet");
    }
}
