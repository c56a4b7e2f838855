package io.reactiveumad.examples.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A command as the parser sees it: the instance to fill and run, its options by every name and its positional
 * parameters in order, as it {@link Declares} them. Made for the one command a command line names: its
 * subcommands are made only when named.
 */
final class CommandModel {
    final CommandInfo info;
    final CommandSpec spec;
    final Object instance;
    final List<Argument> options;
    final List<Argument> positionals;
    private final Map<String, Argument> byName = new HashMap<>();

    CommandModel(CommandInfo info, String parent, CommandLine.Factory factory, PrintWriter out, PrintWriter err) {
        this.info = info;
        this.spec = new CommandSpec(info.name(), parent == null ? info.name() : parent + " " + info.name(), out, err);
        this.instance = factory.create(info.type());
        Declaration declaration = new Declaration(spec);
        if (instance instanceof Declares declares) {
            declares.declare(declaration);
        }
        List<Argument> declared = new ArrayList<>(declaration.options);
        this.positionals = List.copyOf(declaration.positionals);
        for (Argument option : declared) {
            for (String name : option.names) {
                if (byName.put(name, option) != null) {
                    throw new IllegalStateException(spec.qualifiedName() + ": two options are called " + name);
                }
            }
        }
        for (Argument flag : declaration.givingWay) {
            List<String> free = flag.names.stream().filter(name -> !byName.containsKey(name)).toList();
            if (!free.isEmpty()) {
                Argument named = flag.named(free);
                declared.add(named);
                free.forEach(name -> byName.put(name, named));
            }
        }
        this.options = List.copyOf(declared);
        for (int i = 1; i < positionals.size(); i++) {
            if (!positionals.get(i).optional && positionals.get(i - 1).optional) {
                throw new IllegalStateException(spec.qualifiedName() + ": a required parameter after an optional one");
            }
        }
        options.forEach(o -> o.applyDefault(spec.qualifiedName()));
        positionals.forEach(p -> p.applyDefault(spec.qualifiedName()));
    }

    Optional<Argument> option(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    boolean hasSubcommands() {
        return !info.subcommands().isEmpty();
    }

    boolean hasVersion() {
        return !info.version().isEmpty();
    }
}
