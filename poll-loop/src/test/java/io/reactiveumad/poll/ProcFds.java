package io.reactiveumad.poll;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/** This process's open file descriptors, as /proc/self/fd lists them. */
public final class ProcFds {
    private ProcFds() {
    }

    public static int count() {
        String[] entries = new File("/proc/self/fd").list();
        return entries == null ? -1 : entries.length;
    }

    public static boolean isOpen(int fd) {
        return Files.exists(Path.of("/proc/self/fd/" + fd), LinkOption.NOFOLLOW_LINKS);
    }
}
