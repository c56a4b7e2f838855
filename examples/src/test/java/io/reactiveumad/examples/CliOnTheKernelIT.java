package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.test.kernelvm.KernelVm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The CLI on a real kernel: one boot of kernel-vm's Soft-RoCE VM (rxe0 and rxe1, whose umad devices make the kernel
 * the default transport, as on any machine with a RoCE NIC) runs our commands and the Debian tools side by side.
 * {@code stat} and {@code status}, of every port and of one, read the sysfs ibstat and ibstatus read; what needs SMPs, a LID or an SM fails at
 * once saying the port is RoCE, where the kernel's errno would name nothing ({@code watch} used to wait for ever; a
 * held {@code service register} is refused as it is);
 * and {@code sysstat --dgid} and {@code ping --dgid} reach our servers through their GID, which ibsysstat and ibping,
 * taking LIDs only, cannot.
 * The VM's scripts and boot files are kernel-vm's, found beside this module (a path, not a dependency: the layering
 * keeps kernel-vm from depending on the examples).
 */
class CliOnTheKernelIT {
    /** Boot and twenty JVM starts under TCG, each a few seconds. */
    private static final Duration LIMIT = Duration.ofMinutes(8);
    private static final String RUNS = """
            run() { name=$1; shift; timeout 120 "$@" > "$name.out" 2> "$name.err"; echo $? > "$name.rc"; }
            run stat $UMAD stat; run ibstat ibstat
            run stat-l $UMAD stat -l; run ibstat-l ibstat -l
            run stat-p $UMAD stat -p; run ibstat-p ibstat -p
            run status $UMAD status; run ibstatus ibstatus
            run stat-one $UMAD stat rxe1 1; run ibstat-one ibstat rxe1 1
            run status-one $UMAD status rxe1:1; run ibstatus-one ibstatus rxe1:1
            run discover $UMAD discover
            run sa $UMAD sa
            run watch $UMAD watch
            run service-register $UMAD service register 5
            run sysstat $UMAD sysstat 1
            run vendstat $UMAD vendstat -N
            run vendstat-lid $UMAD vendstat -N 1
            GID=$(cat /sys/class/infiniband/rxe0/ports/1/gids/0)
            # One server starting at a time: two JVMs starting together on the VM's one emulated CPU took more than
            # the CLI's 10 s to register an agent.
            serving() { tries=0; until grep -q answering "$1" || [ $tries -ge 120 ]; do tries=$((tries + 1)); sleep 1; done; }
            $UMAD sysstat -S -c 3 > server.out 2> server.err & SERVER=$!
            serving server.err
            $UMAD ping -S -c 1 > pinged.out 2> pinged.err & PINGED=$!
            serving pinged.err
            run gid-ping $UMAD sysstat --dgid "$GID"
            run gid-host $UMAD sysstat --dgid "$GID" host
            run gid-cpu $UMAD sysstat --dgid "$GID" cpu --json
            run gid-pong $UMAD ping -c 1 -t 5000 --json --dgid "$GID"
            wait $SERVER; echo $? > server.rc
            wait $PINGED; echo $? > pinged.rc
            """;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void statAndStatusEqualTheToolsAndWhatRoceCannotDoIsSaid() throws Exception {
        KernelVm.require();
        Path kernelVm = Path.of(System.getProperty("user.dir")).resolve("../kernel-vm").normalize();
        // The host's /tmp is the one directory the VM shares read-write at the same path.
        Path out = Files.createTempDirectory(Path.of("/tmp"), "umad-cli-vm");
        try {
            String java = ProcessHandle.current().info().command().orElse("java");
            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            String umad = java + " -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp " + classpath + " " + UmadCli.class.getName();
            KernelVm.Result result = new KernelVm(kernelVm.resolve("vm"), kernelVm.resolve("target/vm")).run(
                    List.of("sh", "-c", "cd " + out + " && UMAD='" + umad + "' && " + RUNS), out, List.of(), LIMIT,
                    Path.of("target", "cli-on-the-kernel-vm.log").toAbsolutePath());
            assertThat(result.exitStatus()).as("VM exit status; output:%n%s", result.output()).isZero();

            for (String[] pair : new String[][] {{"stat", "ibstat"}, {"stat-l", "ibstat-l"}, {"stat-p", "ibstat-p"},
                {"status", "ibstatus"}, {"stat-one", "ibstat-one"}, {"status-one", "ibstatus-one"}}) {
                assertThat(read(out, pair[0] + ".rc")).as(pair[0] + ": " + read(out, pair[0] + ".err")).isEqualTo("0");
                assertThat(read(out, pair[0] + ".out")).as(pair[0]).isEqualTo(read(out, pair[1] + ".out")).isNotEmpty();
            }
            assertRoceRefusal(out, "discover", "1", "register_agent failed: port rxe0:1 is a RoCE port (link layer "
                    + "Ethernet): it has no QP0, so no SMPs");
            assertRoceRefusal(out, "sa", "1", "no SA to ask; it is a RoCE port (link layer Ethernet), which no subnet "
                    + "manager serves");
            assertRoceRefusal(out, "watch", "1", "no SM to wait for; it is a RoCE port");
            assertRoceRefusal(out, "service-register", "1", "no SM to wait for; it is a RoCE port");
            assertRoceRefusal(out, "sysstat", "2", "a MAD from it needs a GRH with the destination's GID; LID 1 alone "
                    + "addresses nothing there");
            assertRoceRefusal(out, "vendstat", "1", "no LID of its own to ask its device at");
            assertRoceRefusal(out, "vendstat-lid", "2", "LID 1 alone addresses nothing there");

            // By GID, what ibsysstat cannot do on RoCE: our server on rxe0, asked three times through its GID.
            assertThat(read(out, "server.rc")).as(read(out, "server.err")).isEqualTo("0");
            assertThat(read(out, "server.err")).contains("answered 3 questions");
            String host = read(out, "server.err").replaceFirst("(?s).* as (.*?); Ctrl-C stops.*", "$1");
            assertThat(read(out, "gid-ping.out")).as(read(out, "gid-ping.err")).isEqualTo("sysstat ping succeeded\n");
            assertThat(read(out, "gid-host.out")).as(read(out, "gid-host.err")).isEqualTo(host + "\n");
            assertThat(read(out, "gid-cpu.out")).as(read(out, "gid-cpu.err")).contains("\"lid\" : 0")
                    .contains("\"gid\" : \"fe80::").contains("\"cpu\" : 0");
            // And ibping's protocol the same way: our ping server on rxe0, pinged once through its GID.
            assertThat(read(out, "pinged.rc")).as(read(out, "pinged.err")).isEqualTo("0");
            assertThat(read(out, "gid-pong.out")).as(read(out, "gid-pong.err")).contains("\"received\" : 1")
                    .contains("\"destination\" : \"GID fe80::").contains("\"host\" : \"" + host + "\"");
        } finally {
            try (var files = Files.list(out)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(out);
        }
    }

    private static void assertRoceRefusal(Path out, String command, String exitCode, String says) throws IOException {
        assertThat(read(out, command + ".rc")).as(command).isEqualTo(exitCode);
        assertThat(read(out, command + ".err")).as(command).contains(says);
        assertThat(read(out, command + ".out")).as(command).isEmpty();
    }

    private static String read(Path dir, String file) throws IOException {
        String text = Files.readString(dir.resolve(file));
        return file.endsWith(".rc") ? text.strip() : text;
    }
}
