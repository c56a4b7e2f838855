package io.reactiveumad.poll.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.poll.Peers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles src/test/c/umad_abi.c against the kernel's {@code <rdma/ib_user_mad.h>} and checks that every
 * size, offset and ioctl number it prints is what the Java layout classes declare or compute.
 */
class UmadAbiLayoutTest {
    private static final Path HEADER = Path.of("/usr/include/rdma/ib_user_mad.h");
    private static final String INSTALL = "apt-get install gcc linux-libc-dev";

    @Test
    void javaLayoutsAndIoctlNumbersMatchTheKernelHeader(@TempDir Path work) throws Exception {
        Path source = Path.of(System.getProperty("basedir", ".")).resolve("src/test/c/umad_abi.c");
        assertThat(source).exists();
        Peers.require(Files.isReadable(HEADER), HEADER.toString(), INSTALL);
        Path binary = work.resolve("umad_abi");
        Process gcc = run("gcc", "-Wall", "-Werror", "-o", binary.toString(), source.toString());
        Peers.require(gcc != null, "gcc", INSTALL);
        String compileOutput = output(gcc);
        assertThat(gcc.exitValue()).as("gcc failed:%n%s", compileOutput).isZero();

        Process abi = run(binary.toString());
        String printed = output(abi);
        assertThat(abi.exitValue()).isZero();

        assertThat(parse(printed)).containsExactlyInAnyOrderEntriesOf(javaSide());
    }

    private static Map<String, Long> javaSide() {
        UmadIoctl ioctl = UmadIoctl.current();
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("sizeof_ib_user_mad_hdr", (long) UmadHeader.SIZE);
        m.put("ib_user_mad_hdr.id", (long) UmadHeader.ID_OFFSET);
        m.put("ib_user_mad_hdr.status", (long) UmadHeader.STATUS_OFFSET);
        m.put("ib_user_mad_hdr.timeout_ms", (long) UmadHeader.TIMEOUT_MS_OFFSET);
        m.put("ib_user_mad_hdr.retries", (long) UmadHeader.RETRIES_OFFSET);
        m.put("ib_user_mad_hdr.length", (long) UmadHeader.LENGTH_OFFSET);
        m.put("ib_user_mad_hdr.qpn", (long) UmadHeader.QPN_OFFSET);
        m.put("ib_user_mad_hdr.qkey", (long) UmadHeader.QKEY_OFFSET);
        m.put("ib_user_mad_hdr.lid", (long) UmadHeader.LID_OFFSET);
        m.put("ib_user_mad_hdr.sl", (long) UmadHeader.SL_OFFSET);
        m.put("ib_user_mad_hdr.path_bits", (long) UmadHeader.PATH_BITS_OFFSET);
        m.put("ib_user_mad_hdr.grh_present", (long) UmadHeader.GRH_PRESENT_OFFSET);
        m.put("ib_user_mad_hdr.gid_index", (long) UmadHeader.GID_INDEX_OFFSET);
        m.put("ib_user_mad_hdr.hop_limit", (long) UmadHeader.HOP_LIMIT_OFFSET);
        m.put("ib_user_mad_hdr.traffic_class", (long) UmadHeader.TRAFFIC_CLASS_OFFSET);
        m.put("ib_user_mad_hdr.gid", (long) UmadHeader.GID_OFFSET);
        m.put("ib_user_mad_hdr.flow_label", (long) UmadHeader.FLOW_LABEL_OFFSET);
        m.put("ib_user_mad_hdr.pkey_index", (long) UmadHeader.PKEY_INDEX_OFFSET);

        m.put("sizeof_ib_user_mad_reg_req", (long) UmadIoctl.RegReq.SIZE);
        m.put("ib_user_mad_reg_req.id", (long) UmadIoctl.RegReq.ID_OFFSET);
        m.put("ib_user_mad_reg_req.method_mask", (long) UmadIoctl.RegReq.METHOD_MASK_OFFSET);
        m.put("ib_user_mad_reg_req.qpn", (long) UmadIoctl.RegReq.QPN_OFFSET);
        m.put("ib_user_mad_reg_req.mgmt_class", (long) UmadIoctl.RegReq.MGMT_CLASS_OFFSET);
        m.put("ib_user_mad_reg_req.mgmt_class_version", (long) UmadIoctl.RegReq.MGMT_CLASS_VERSION_OFFSET);
        m.put("ib_user_mad_reg_req.oui", (long) UmadIoctl.RegReq.OUI_OFFSET);
        m.put("ib_user_mad_reg_req.rmpp_version", (long) UmadIoctl.RegReq.RMPP_VERSION_OFFSET);

        m.put("sizeof_ib_user_mad_reg_req2", (long) UmadIoctl.RegReq2.SIZE);
        m.put("ib_user_mad_reg_req2.id", (long) UmadIoctl.RegReq2.ID_OFFSET);
        m.put("ib_user_mad_reg_req2.qpn", (long) UmadIoctl.RegReq2.QPN_OFFSET);
        m.put("ib_user_mad_reg_req2.mgmt_class", (long) UmadIoctl.RegReq2.MGMT_CLASS_OFFSET);
        m.put("ib_user_mad_reg_req2.mgmt_class_version", (long) UmadIoctl.RegReq2.MGMT_CLASS_VERSION_OFFSET);
        m.put("ib_user_mad_reg_req2.res", (long) UmadIoctl.RegReq2.RES_OFFSET);
        m.put("ib_user_mad_reg_req2.flags", (long) UmadIoctl.RegReq2.FLAGS_OFFSET);
        m.put("ib_user_mad_reg_req2.method_mask", (long) UmadIoctl.RegReq2.METHOD_MASK_OFFSET);
        m.put("ib_user_mad_reg_req2.oui", (long) UmadIoctl.RegReq2.OUI_OFFSET);
        m.put("ib_user_mad_reg_req2.rmpp_version", (long) UmadIoctl.RegReq2.RMPP_VERSION_OFFSET);

        m.put("IB_USER_MAD_ABI_VERSION", (long) UmadSysfs.ABI_VERSION);
        m.put("IB_USER_MAD_USER_RMPP", (long) UmadIoctl.RegReq2.FLAG_USER_RMPP);
        m.put("IB_USER_MAD_REGISTER_AGENT", ioctl.registerAgent);
        m.put("IB_USER_MAD_UNREGISTER_AGENT", ioctl.unregisterAgent);
        m.put("IB_USER_MAD_ENABLE_PKEY", ioctl.enablePkey);
        m.put("IB_USER_MAD_REGISTER_AGENT2", ioctl.registerAgent2);
        return m;
    }

    private static Map<String, Long> parse(String printed) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (String line : printed.split("\n")) {
            if (!line.isBlank()) {
                String[] parts = line.trim().split(" ");
                assertThat(parts).as("line '%s'", line).hasSize(2);
                values.put(parts[0], Long.parseUnsignedLong(parts[1]));
            }
        }
        return values;
    }

    /** Starts a command, or returns null when the program does not exist. */
    private static Process run(String... command) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return null;
        }
    }

    private static String output(Process process) throws Exception {
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s finished", process.info().command()).isTrue();
        return out;
    }
}
