package io.reactiveumad.examples.cli;

import java.util.List;
import java.util.Optional;

/**
 * What the command line knows of a command before making it: its names, its help paragraph, its subcommands,
 * and the class made to run it (by the command line's {@link CommandLine.Factory}). A command's class holds
 * its own as a constant; a parent lists its children's.
 *
 * @param type        made when the command line names this command; it {@link Declares} its options and, unless
 *                    it only groups subcommands, is a {@link java.util.concurrent.Callable} whose result is the
 *                    exit code
 * @param name        what the command line calls it
 * @param aliases     other names it answers to ({@code NI} for {@code nodeinfo})
 * @param description one paragraph for the help, wrapped to the terminal's usual width
 * @param version     what {@code --version} prints; empty: no {@code --version}
 * @param subcommands in the order the help lists them
 */
public record CommandInfo(Class<?> type, String name, List<String> aliases, String description, String version,
                          List<CommandInfo> subcommands) {
    public CommandInfo {
        aliases = List.copyOf(aliases);
        subcommands = List.copyOf(subcommands);
    }

    public static CommandInfo of(Class<?> type, String name, String description) {
        return new CommandInfo(type, name, List.of(), description, "", List.of());
    }

    public CommandInfo withAliases(String... names) {
        return new CommandInfo(type, name, List.of(names), description, version, subcommands);
    }

    public CommandInfo withVersion(String text) {
        return new CommandInfo(type, name, aliases, description, text, subcommands);
    }

    public CommandInfo withSubcommands(CommandInfo... children) {
        return new CommandInfo(type, name, aliases, description, version, List.of(children));
    }

    /**
     * The subcommand called {@code word} or one of its aliases, in any case: infiniband-diags takes its operations so
     * ({@code smpquery NodeInfo}, {@code ni}, {@code NI}), and no two commands here differ only by case.
     */
    Optional<CommandInfo> subcommand(String word) {
        // Names in any case (smp's NI is ni too); dash names exactly, as options are (saquery's -s is not -S).
        return subcommands.stream().filter(c -> c.name.equalsIgnoreCase(word)
                || c.aliases.stream().anyMatch(a -> a.startsWith("-") ? a.equals(word) : a.equalsIgnoreCase(word)))
                .findFirst();
    }
}
