package io.reactiveumad.examples;

import picocli.CommandLine.Command;

@Command(name = "smp", mixinStandardHelpOptions = true,
        description = "Query a node's SMP attributes, LID-routed or directed-route (-D).",
        subcommands = {})
final class SmpCommand {
}
