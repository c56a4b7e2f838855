package io.reactiveumad.examples;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import reactor.core.scheduler.Schedulers;

/**
 * The {@code umad} command line: reactive-umad's examples as one tool. Output goes to the command
 * line's writers (stdout for results, stderr for progress and errors) so tests run it in-process.
 * Exit codes: 0 done, 1 the operation failed, 2 bad usage: picocli's parse errors and every
 * {@link IllegalArgumentException} (a value given was refused, by the command or by the library).
 */
@Command(name = "umad", mixinStandardHelpOptions = true, version = "umad (reactive-umad examples) 0.1.0",
        description = "InfiniBand management from Java with reactive-umad: watch traps, discover the fabric, "
                + "query SMP/SA/PerfMgt attributes. Runs on the kernel's umad devices, an ibsim simulator, or an "
                + "embedded in-JVM fabric when there is no InfiniBand.")
public final class UmadCli {
    public static final int EXIT_FAILED = 1;

    /**
     * The subcommands, in the order the help lists them. picocli builds a command's model by reflection
     * over every option of it and of its own subcommands, which was most of the CLI's start-up before the
     * first MAD: so a command line that names one of these gets only that one built. The names are the
     * commands' own constants, so picking one reads no annotation (parsing each class's annotations cost
     * ~15 ms of a cold start).
     */
    private static final Map<String, Class<?>> COMMANDS = commands(Map.entry(DemoCommand.NAME, DemoCommand.class),
            Map.entry(WatchCommand.NAME, WatchCommand.class), Map.entry(DiscoverCommand.NAME, DiscoverCommand.class),
            Map.entry(SmpCommand.NAME, SmpCommand.class), Map.entry(SaCommand.NAME, SaCommand.class),
            Map.entry(PerfCommand.NAME, PerfCommand.class), Map.entry(RoutesCommand.NAME, RoutesCommand.class),
            Map.entry(TraceCommand.NAME, TraceCommand.class), Map.entry(ErrorsCommand.NAME, ErrorsCommand.class),
            Map.entry(LinksCommand.NAME, LinksCommand.class), Map.entry(McastCommand.NAME, McastCommand.class),
            Map.entry(ServeCommand.NAME, ServeCommand.class));

    public static void main(String[] args) {
        if (args.length > 0 && COMMANDS.containsKey(args[0])) {
            prepareInBackground();
        }
        System.exit(run(CliContext.system(), new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /**
     * Starts what opening a port will need (Reactor's schedulers, the SLF4J binding) on another thread, while
     * this one has picocli reflect over the command (~75 ms of one core in a cold start). Class initialisation
     * is done once, by whichever thread gets there first. JNA is left to the command: a class whose
     * initialiser fails here would fail there as a bare NoClassDefFoundError, without the reason.
     */
    private static void prepareInBackground() {
        Thread prepare = new Thread(() -> {
            Schedulers.boundedElastic();
            LoggerFactory.getILoggerFactory();
        }, "umad-prepare");
        prepare.setDaemon(true);
        prepare.start();
    }

    /** Runs one command line in {@code context} with these writers; returns the exit code. */
    static int run(CliContext context, PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = commandLine(context, args);
        cli.setOut(out);
        cli.setErr(err);
        try {
            return cli.execute(args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** The command line for {@code args}: the subcommand they name, or all of them (help, usage errors). */
    static CommandLine commandLine(CliContext context, String... args) {
        CommandLine cli = new CommandLine(new UmadCli(), new ContextFactory(context));
        Class<?> named = args.length > 0 ? COMMANDS.get(args[0]) : null;
        if (named != null) {
            cli.addSubcommand(args[0], named);
        } else {
            COMMANDS.forEach(cli::addSubcommand);
            cli.addSubcommand(new CommandLine.HelpCommand());
        }
        // After the subcommands: picocli hands these settings down only to subcommands already added.
        return cli.setExecutionExceptionHandler(UmadCli::oneLineError)
                .setParameterExceptionHandler(UmadCli::oneLineUsageError)
                .setCaseInsensitiveEnumValuesAllowed(true);
    }

    @SafeVarargs
    private static Map<String, Class<?>> commands(Map.Entry<String, Class<?>>... byName) {
        Map<String, Class<?>> commands = new LinkedHashMap<>();
        for (Map.Entry<String, Class<?>> command : byName) {
            commands.put(command.getKey(), command.getValue());
        }
        return commands;
    }

    /** Builds commands and mixins, handing {@link CliContext} to those whose constructor takes it. */
    private record ContextFactory(CliContext context) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            try {
                var constructor = type.getDeclaredConstructor(CliContext.class);
                constructor.setAccessible(true);
                return constructor.newInstance(context);
            } catch (NoSuchMethodException plain) {
                return CommandLine.defaultFactory().create(type);
            }
        }
    }

    /** Bad usage is one line too, pointing at the command's help. */
    private static int oneLineUsageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        String name = cli.getCommandSpec().qualifiedName();
        err.println(name + ": " + e.getMessage() + " (try '" + name + " --help')");
        err.flush();
        return cli.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** A failure is one line naming the command and the cause; {@code UMAD_DEBUG=1} adds the stack trace. */
    private static int oneLineError(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (reactor.core.Exceptions.unwrap(e) instanceof IllegalArgumentException badInput) {
            // A value the user gave was refused (not a LID, not a route, a port out of range, not a switch...):
            // bad usage, exit 2, whether the command line parser or the library found it.
            String name = cli.getCommandSpec().qualifiedName();
            err.println(name + ": " + Errors.describe(badInput) + " (try '" + name + " --help')");
            err.flush();
            return cli.getCommandSpec().exitCodeOnInvalidInput();
        }
        err.println(cli.getCommandSpec().qualifiedName() + ": error: " + Errors.describe(e));
        if (System.getenv("UMAD_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return EXIT_FAILED;
    }
}
