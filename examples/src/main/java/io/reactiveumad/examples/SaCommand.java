package io.reactiveumad.examples;

import picocli.CommandLine.Command;

@Command(name = "sa", mixinStandardHelpOptions = true, description = "Query the subnet administrator (SA).",
        subcommands = {})
final class SaCommand {
}
