package io.reactiveumad.examples;

import io.reactiveumad.ReceivedMad;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.VendorRange2Header;
import io.reactiveumad.mad.Wire;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The text ibping's and ibsysstat's answers carry in their vendor data: bytes up to the first NUL, which the C tools
 * copy from uname and print as they are. Read and written as UTF-8 (the ping and sysstat servers and clients alike),
 * so a name the kernel holds in UTF-8, which is what a terminal shows the C tools' bytes as, prints the same.
 */
final class VendorText {
    /** The data of one MAD after its vendor header. */
    static final int DATA_SIZE = MadHeader.MAD_SIZE - VendorRange2Header.DATA_OFFSET;

    private VendorText() {
    }

    /**
     * The answer's data up to its first NUL, over every segment a reassembled answer holds, decoded as every text
     * field is ({@link Wire#text}: a byte that is not UTF-8 kept as itself).
     */
    static String read(ReceivedMad answer) {
        ByteBuffer b = answer.mad().buffer();
        return Wire.text(b, VendorRange2Header.DATA_OFFSET, b.limit() - VendorRange2Header.DATA_OFFSET);
    }

    /**
     * "host.domain" as ibping's server answers: the kernel's host and NIS domain names, cut to what one MAD's data
     * holds with its NUL, as the server's strncpy cuts them.
     */
    static byte[] hostAndDomain() {
        String host = readProc("/proc/sys/kernel/hostname");
        if (host == null) {
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "?hostname?";
            }
        }
        String domain = readProc("/proc/sys/kernel/domainname");
        String name = domain == null || domain.isEmpty() ? host : host + "." + domain;
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(bytes, Math.min(bytes.length, DATA_SIZE - 1));
    }

    private static String readProc(String file) {
        try {
            return Files.readString(Path.of(file)).strip();
        } catch (IOException e) {
            return null;
        }
    }
}
