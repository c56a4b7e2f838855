package io.reactiveumad.examples.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** A command's help: how to call it, what it does, its parameters, options and subcommands. */
final class Usage {
    private static final int WIDTH = 80;
    /** Where descriptions start, unless every name in a section is shorter. */
    private static final int MAX_NAME_COLUMN = 30;
    static final String HELP = "Show this help and exit.";
    static final String VERSION = "Print the version and exit.";

    private Usage() {
    }

    static String of(CommandModel model) {
        StringBuilder text = new StringBuilder("Usage: ").append(model.spec.qualifiedName()).append(" [OPTIONS]");
        for (Argument p : model.positionals) {
            text.append(' ').append(shown(p));
        }
        if (model.hasSubcommands()) {
            text.append(model.instance instanceof Callable<?> ? " [COMMAND]" : " COMMAND");
        }
        text.append('\n');
        wrap(text, model.info.description(), 0);

        if (!model.positionals.isEmpty()) {
            List<String[]> rows = new ArrayList<>();
            model.positionals.forEach(p -> rows.add(new String[] {shown(p), p.help()}));
            section(text, "Parameters:", rows);
        }
        List<String[]> options = new ArrayList<>();
        List<Argument> sorted = new ArrayList<>(model.options);
        sorted.sort(Comparator.comparing(o -> sortKey(o.names.get(0))));
        for (Argument o : sorted) {
            options.add(new String[] {names(o), o.help()});
        }
        options.add(new String[] {"-h, --help", HELP});
        if (model.hasVersion()) {
            options.add(new String[] {"-V, --version", VERSION});
        }
        options.sort(Comparator.comparing(row -> sortKey(row[0].strip())));
        section(text, "Options:", options);
        if (model.hasSubcommands()) {
            List<String[]> commands = new ArrayList<>();
            for (CommandInfo sub : model.info.subcommands()) {
                List<String> names = new ArrayList<>(List.of(sub.name()));
                names.addAll(sub.aliases());
                commands.add(new String[] {String.join(", ", names), sub.description()});
            }
            section(text, "Commands:", commands);
        }
        return text.toString();
    }

    /** {@code -o, --outstanding=N}; a command with only a long name is indented past where a short one would be. */
    private static String names(Argument o) {
        List<String> shorts = o.names.stream().filter(n -> !n.startsWith("--")).toList();
        List<String> longs = o.names.stream().filter(n -> n.startsWith("--")).toList();
        List<String> ordered = new ArrayList<>(shorts);
        ordered.addAll(longs);
        String joined = String.join(", ", ordered);
        String value = o.isFlag() ? "" : "=" + o.label + (o.isRepeatable() ? "..." : "");
        return (shorts.isEmpty() ? "    " : "") + joined + value;
    }

    private static String sortKey(String name) {
        return name.replaceFirst("^-+", "").toLowerCase(Locale.ROOT);
    }

    private static void section(StringBuilder text, String title, List<String[]> rows) {
        text.append(title).append('\n');
        int column = 0;
        for (String[] row : rows) {
            column = Math.max(column, row[0].length());
        }
        column = Math.min(column, MAX_NAME_COLUMN) + 4;
        for (String[] row : rows) {
            String names = "  " + row[0];
            if (names.length() + 2 > column) {
                text.append(names).append('\n');
                text.append(" ".repeat(column));
            } else {
                text.append(names).append(" ".repeat(column - names.length()));
            }
            wrap(text, row[1], column);
        }
    }

    /** Appends {@code words} wrapped at {@link #WIDTH}, continuation lines indented by {@code indent}. */
    private static void wrap(StringBuilder text, String words, int indent) {
        int lineLength = indent;
        boolean first = true;
        for (String word : words.split(" +")) {
            if (!first && lineLength + 1 + word.length() > WIDTH) {
                text.append('\n').append(" ".repeat(indent));
                lineLength = indent;
                first = true;
            }
            if (!first) {
                text.append(' ');
                lineLength++;
            }
            text.append(word);
            lineLength += word.length();
            first = false;
        }
        text.append('\n');
    }

    /** A parameter as the usage line shows it: in brackets when optional, with "..." when it takes every one left. */
    private static String shown(Argument p) {
        String label = p.kind == Argument.Kind.LIST ? p.label + "..." : p.label;
        return p.optional ? "[" + label + "]" : label;
    }
}
