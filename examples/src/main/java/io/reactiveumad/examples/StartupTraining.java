package io.reactiveumad.examples;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The {@code ./umad} launcher's training run, made once per build of the jar in a JVM that writes the
 * start-up cache (a CDS archive or an AOT cache) at its exit: it runs what a cold command runs, so the
 * classes a command loads are in the cache, and it keeps what JNA works out at every start.
 *
 * <ul>
 *   <li>{@code discover --transport ibsim} at a simulator that is not there: it fails at the connect, after
 *       JNA, libc's bindings, the epoll loop and the ibsim channel are loaded (the classes every real
 *       transport needs, which the embedded fabric never touches);</li>
 *   <li>{@code discover} and {@code errors} on the embedded fabric: the command-line parser, Reactor, the clients, the
 *       discovery, the error sweep and the writers;</li>
 *   <li>every other class of reactive-umad's own, loaded without running it: what the commands above never reach
 *       (the ibsim attach past its connect, the kernel transport, the other commands) is in the cache too, rather
 *       than read and verified from the jar at every start (the ibsim attach alone loaded ten such classes);</li>
 *   <li>JNA's native half ({@code libjnidispatch.so}), which JNA otherwise unpacks from the jar into a new
 *       temporary file at every start, is copied out of the jar into {@code DIR}, and the library search path JNA builds
 *       from {@code ldconfig -p} (a fork and exec at every start) is written to {@code DIR/platform-path}. The
 *       launcher hands them back as {@code jna.boot.library.path} and {@code jna.platform.library.path}.</li>
 * </ul>
 *
 * <p>Usage: {@code java -cp umad.jar io.reactiveumad.examples.StartupTraining DIR}. Exit 0 when every step
 * worked; anything else and the launcher runs without the cache.
 */
public final class StartupTraining {
    /** The file in the output directory that holds JNA's library search path. */
    static final String PLATFORM_PATH_FILE = "platform-path";

    private StartupTraining() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: StartupTraining DIR");
            System.exit(2);
        }
        train(Path.of(args[0]));
        System.exit(0);
    }

    /** Runs the training commands in this JVM and writes JNA's library and search path into {@code dir}. */
    static void train(Path dir) {
        Map<String, String> env = new HashMap<>(System.getenv());
        // A socket name no simulator serves: the attempt ends at connect(2), with everything before it loaded.
        env.put(io.reactiveumad.IbsimTransport.ENV_SOCKET_NAME, "umad-training-" + ProcessHandle.current().pid());
        CliContext context = new CliContext(Map.copyOf(env), Path.of("/nonexistent/infiniband"), Path.of("/nonexistent/etc"),
                fabric -> { });
        run(context, 1, "discover", "--transport", "ibsim");
        run(context, 0, "discover", "--transport", "embedded");
        run(context, 0, "discover", "--transport", "embedded", "--format", "json");
        run(context, 0, "errors", "--transport", "embedded");
        loadOwnClasses();
        keepJnaStart(dir);
    }

    /** Loads, without initialising, every class of reactive-umad's in the jar this class came from. */
    private static void loadOwnClasses() {
        ClassLoader loader = StartupTraining.class.getClassLoader();
        Path jar;
        try {
            jar = Path.of(StartupTraining.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("training: where is the jar?", e);
        }
        if (!Files.isRegularFile(jar)) {
            return; // classes in a directory (a test run): there is no cache to fill
        }
        try (JarFile classes = new JarFile(jar.toFile())) {
            classes.stream().map(JarEntry::getName)
                    .filter(name -> name.startsWith("io/reactiveumad/") && name.endsWith(".class"))
                    .forEach(name -> {
                        try {
                            Class.forName(name.substring(0, name.length() - ".class".length()).replace('/', '.'),
                                    false, loader);
                        } catch (ClassNotFoundException | LinkageError e) {
                            // a class needing what the CLI does not ship (the test kit's JUnit side): never loaded
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException("training: cannot read " + jar, e);
        }
    }

    private static void run(CliContext context, int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = UmadCli.run(context, new PrintWriter(out), new PrintWriter(err), args);
        if (exit != expectedExit) {
            throw new IllegalStateException("training: umad " + String.join(" ", args) + " exited " + exit
                    + " (expected " + expectedExit + "):\n" + err);
        }
    }

    /**
     * Copies JNA's native library for this platform out of the jar (JNA deletes the copy it unpacked once it
     * is loaded) and writes the search path JNA built, into {@code dir}.
     */
    private static void keepJnaStart(Path dir) {
        String library = System.mapLibraryName("jnidispatch");
        String resource = "com/sun/jna/" + Platform.RESOURCE_PREFIX + "/" + library;
        String platformPath = System.getProperty("jna.platform.library.path");
        try (InputStream in = Native.class.getClassLoader().getResourceAsStream(resource)) {
            Files.createDirectories(dir);
            if (in != null) {
                Files.copy(in, dir.resolve(library), StandardCopyOption.REPLACE_EXISTING);
            }
            if (platformPath != null) {
                Files.write(dir.resolve(PLATFORM_PATH_FILE), List.of(platformPath));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("training: cannot write " + dir, e);
        }
    }
}
