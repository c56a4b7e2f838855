package io.reactiveumad.examples.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * Runs a command line: finds the command the arguments name (the root {@link CommandInfo}, or a subcommand of it,
 * and so on), makes it, has it {@link Declares declare} its options and parameters, fills them, and calls it; or
 * prints its help or version.
 *
 * <p>The syntax is the GNU one infiniband-diags users type: {@code --name value}, {@code --name=value},
 * {@code -x value}, {@code -xvalue}, short flags clustered ({@code -rc}), {@code --} ending the options, a
 * negative number as a positional parameter, options anywhere among a command's parameters, and
 * {@code help [COMMAND]} besides {@code -h/--help}. A value takes the next argument even when it starts with a
 * dash, so a refused value is reported as that option's, unless that argument is one of the command's long
 * options: then the value is missing.
 *
 * <p>Why not picocli: it is compiled for Java 5, whose class files neither the JDK's class-data sharing nor its
 * AOT cache keep, so its ~170 classes were loaded and verified at every start, a third of a cold {@code ./umad}.
 */
public final class CommandLine {
    /** The exit code of bad usage, as for every infiniband-diags tool. */
    public static final int EXIT_USAGE = 2;

    /** Makes the commands. */
    @FunctionalInterface
    public interface Factory {
        Object create(Class<?> type);
    }

    /** Turns what a command threw (a {@link UsageException} included) into an exit code, saying so on its writer. */
    @FunctionalInterface
    public interface FailureHandler {
        int handle(Exception failure, CommandSpec where);
    }

    /** Makes a {@code type} with its no-argument constructor, private or not: the factory's usual answer. */
    public static Object construct(Class<?> type) {
        try {
            var constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a " + type.getName(), e);
        }
    }

    private final CommandInfo root;
    private final Factory factory;
    private final FailureHandler onFailure;

    public CommandLine(CommandInfo root, Factory factory, FailureHandler onFailure) {
        this.root = root;
        this.factory = factory;
        this.onFailure = onFailure;
    }

    /** Parses {@code args}, runs what they name and returns its exit code. */
    public int execute(PrintWriter out, PrintWriter err, String... commandLine) {
        CommandModel model = new CommandModel(root, null, factory, out, err);
        try {
            String[] args = commandLine;
            int next = 0;
            while (true) {
                Parsed parsed = parse(model, args, next, out);
                if (parsed.subcommand == null) {
                    return parsed.exitCode >= 0 ? parsed.exitCode : run(model);
                }
                // A subcommand prints the version of the command line it is part of, as each diag tool answers -V.
                CommandInfo sub = parsed.subcommand.version().isEmpty()
                        ? parsed.subcommand.withVersion(model.info.version()) : parsed.subcommand;
                model = new CommandModel(sub, model.spec.qualifiedName(), factory, out, err);
                if (parsed.helpOnly) {
                    out.print(Usage.of(model));
                    return 0;
                }
                args = parsed.args;
                next = parsed.next;
            }
        } catch (Exception e) {
            return onFailure.handle(e, model.spec);
        }
    }

    private static int run(CommandModel model) throws Exception {
        if (!(model.instance instanceof Callable<?> command)) {
            // A command that only groups others, given none ("umad" alone): what it offers, then the one line.
            model.spec.err().print(Usage.of(model));
            throw new UsageException("Missing required subcommand");
        }
        Object result = command.call();
        return result instanceof Integer code ? code : 0;
    }

    /**
     * What the arguments from {@code next} on ask of {@code model}: a subcommand to go on with (and where its
     * arguments start) or whose help to print, or an exit code (help, version), or -1 to run it.
     */
    private record Parsed(CommandInfo subcommand, String[] args, int next, boolean helpOnly, int exitCode) {
        static Parsed exit(int code) {
            return new Parsed(null, new String[0], 0, false, code);
        }
    }

    private static Parsed parse(CommandModel model, String[] args, int from, PrintWriter out) {
        Set<Argument> given = new HashSet<>();
        // The parameters' words, given to them once every option is known: the options may come after them, as
        // getopt takes them, and an option can decide how many words a parameter takes (smpquery's -c).
        List<String> words = new ArrayList<>();
        boolean optionsEnded = false;
        for (int i = from; i < args.length; i++) {
            String arg = args[i];
            if (!optionsEnded && arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            if (!optionsEnded && (arg.equals("-h") || arg.equals("--help"))) {
                out.print(Usage.of(model));
                return Parsed.exit(0);
            }
            if (!optionsEnded && model.hasVersion() && (arg.equals("-V") || arg.equals("--version"))
                    && model.option(arg).isEmpty()) {
                out.println(model.info.version());
                return Parsed.exit(0);
            }
            boolean unknownDash = !optionsEnded && words.isEmpty() && model.hasSubcommands() && arg.startsWith("-")
                    && !knows(model, arg);
            // A subcommand may answer to a dash name of its own (saquery's -s for "sa sms"), where no option has it.
            boolean dashedSubcommand = unknownDash && model.info.subcommand(arg).isPresent();
            if (unknownDash && !dashedSubcommand) {
                Parsed handedOn = handOn(model, args, from, i);
                if (handedOn != null) {
                    return handedOn;
                }
            }
            if (!optionsEnded && !dashedSubcommand && isOption(model, arg, words.size())) {
                i = option(model, args, i, given);
                continue;
            }
            if (words.isEmpty() && model.hasSubcommands()) {
                Optional<CommandInfo> sub = model.info.subcommand(arg);
                if (sub.isPresent() && i > from) {
                    // Options given before the subcommand's name are the subcommand's, to take or refuse: kept by
                    // this command, which does not run, they were silently lost ("sa --json nodes").
                    List<String> rest = new ArrayList<>(List.of(args).subList(from, i));
                    rest.addAll(List.of(args).subList(i + 1, args.length));
                    return new Parsed(sub.get(), rest.toArray(String[]::new), 0, false, -1);
                }
                if (sub.isPresent()) {
                    return new Parsed(sub.get(), args, i + 1, false, -1);
                }
                if (arg.equals("help")) {
                    return help(model, args, i + 1, out);
                }
                if (model.positionals.isEmpty()) {
                    throw new UsageException("Unknown command: '" + arg + "'");
                }
            }
            words.add(arg);
        }
        int positional = applyParameters(model, words);
        List<String> missing = new ArrayList<>();
        for (Argument p : model.positionals.subList(positional, model.positionals.size())) {
            if (!p.optional) {
                missing.add("'" + p.label + "'");
            }
        }
        if (!missing.isEmpty()) {
            throw new UsageException("Missing required parameter" + (missing.size() > 1 ? "s: " : ": ")
                    + String.join(", ", missing));
        }
        return new Parsed(null, args, 0, false, -1);
    }

    /** Gives {@code words} to the parameters in order; returns how many parameters took one. */
    private static int applyParameters(CommandModel model, List<String> words) {
        boolean lastIsList = !model.positionals.isEmpty()
                && model.positionals.get(model.positionals.size() - 1).kind == Argument.Kind.LIST;
        int positional = 0;
        for (int w = 0; w < words.size(); w++) {
            String word = words.get(w);
            if (positional >= model.positionals.size() && !lastIsList) {
                throw new UsageException("Unexpected argument: '" + word + "'");
            }
            // A last parameter declared as a list takes every parameter left.
            boolean more = positional >= model.positionals.size();
            Argument p = model.positionals.get(more ? model.positionals.size() - 1 : positional++);
            if (p.twoWords != null && p.twoWords.getAsBoolean()) {
                if (w + 1 == words.size()) {
                    throw new UsageException("'" + p.label + "' is two words here, " + p.twoWordsWhat + ": only '"
                            + word + "' was given");
                }
                p.apply(word + " " + words.get(++w), p.label, true);
                continue;
            }
            p.apply(word, p.label, !more);
        }
        return positional;
    }

    private static boolean knows(CommandModel model, String arg) {
        int eq = arg.indexOf('=');
        return model.option(eq < 0 ? arg : arg.substring(0, eq)).isPresent();
    }

    /**
     * The tools take their addressing options before the operation ({@code smpquery -D nodeinfo 0,1}): an option this
     * command does not know, at {@code args[unknown]}, and with it every argument this command was given before the
     * first subcommand named after it ({@code args[from]} on, known options too, as when all come before the name),
     * go to that subcommand, after its name. Null when no subcommand follows (the option is then refused as unknown).
     */
    private static Parsed handOn(CommandModel model, String[] args, int from, int unknown) {
        for (int j = unknown + 1; j < args.length; j++) {
            Optional<CommandInfo> sub = model.info.subcommand(args[j]);
            if (sub.isPresent()) {
                List<String> rest = new ArrayList<>(List.of(args).subList(from, j));
                rest.addAll(List.of(args).subList(j + 1, args.length));
                return new Parsed(sub.get(), rest.toArray(String[]::new), 0, false, -1);
            }
        }
        return null;
    }

    /** A dash starts an option, unless it is a negative number where a positional parameter is still wanted. */
    private static boolean isOption(CommandModel model, String arg, int positional) {
        if (!arg.startsWith("-") || arg.equals("-")) {
            return false;
        }
        boolean negativeNumber = arg.length() > 1 && Character.isDigit(arg.charAt(1));
        return !negativeNumber || positional >= model.positionals.size() || model.option(arg).isPresent();
    }

    /** Applies the option at {@code args[i]} (and its value); returns the index of the last argument it used. */
    private static int option(CommandModel model, String[] args, int i, Set<Argument> given) {
        String arg = args[i];
        if (arg.startsWith("--")) {
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            Argument option = model.option(name).orElseThrow(() -> new UsageException("Unknown option: '" + name + "'"));
            if (option.isFlag()) {
                if (eq >= 0) {
                    throw new UsageException("option '" + name + "' takes no value: '" + arg + "'");
                }
                option.set();
                return i;
            }
            if (eq >= 0) {
                give(option, name, arg.substring(eq + 1), given);
                return i;
            }
            return value(model, option, name, args, i, given);
        }
        Optional<Argument> whole = model.option(arg);
        if (whole.isPresent()) {
            return whole.get().isFlag() ? flag(whole.get(), i) : value(model, whole.get(), arg, args, i, given);
        }
        // -xVALUE, or flags clustered: -rc, -rco16.
        for (int at = 1; at < arg.length(); at++) {
            String name = "-" + arg.charAt(at);
            Argument option = model.option(name).orElseThrow(() -> new UsageException("Unknown option: '" + name + "'"
                    + (arg.length() > 2 ? " (in '" + arg + "')" : "")));
            if (option.isFlag()) {
                option.set();
                continue;
            }
            String rest = arg.substring(at + 1);
            if (rest.isEmpty()) {
                return value(model, option, name, args, i, given);
            }
            give(option, name, rest.startsWith("=") ? rest.substring(1) : rest, given);
            return i;
        }
        return i;
    }

    private static int flag(Argument option, int i) {
        option.set();
        return i;
    }

    /**
     * The next argument is the option's value, even one starting with a dash ({@code --timeout -1} is refused as a
     * timeout), unless it is one of the command's long options: then the value was forgotten
     * ({@code -G --transport ibsim}), which is said as such rather than as the next word being unexpected.
     */
    private static int value(CommandModel model, Argument option, String name, String[] args, int i,
                             Set<Argument> given) {
        if (i + 1 >= args.length || isLongOption(model, args[i + 1])) {
            throw new UsageException("Missing required parameter for option '" + name + "' (" + option.label + ")");
        }
        give(option, name, args[i + 1], given);
        return i + 1;
    }

    private static boolean isLongOption(CommandModel model, String arg) {
        int eq = arg.indexOf('=');
        return arg.startsWith("--") && model.option(eq < 0 ? arg : arg.substring(0, eq)).isPresent();
    }

    private static void give(Argument option, String name, String value, Set<Argument> given) {
        boolean first = given.add(option);
        if (!first && !option.isRepeatable()) {
            throw new UsageException("option '" + name + "' should be given only once");
        }
        option.apply(value, name, first);
    }

    /** {@code help [COMMAND]}: the named subcommand's help, or this command's. */
    private static Parsed help(CommandModel model, String[] args, int from, PrintWriter out) {
        if (from >= args.length) {
            out.print(Usage.of(model));
            return Parsed.exit(0);
        }
        return new Parsed(model.info.subcommand(args[from])
                .orElseThrow(() -> new UsageException("Unknown command: '" + args[from] + "'")), args, 0, true, -1);
    }
}
