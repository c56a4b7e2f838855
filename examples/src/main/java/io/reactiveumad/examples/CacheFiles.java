package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.LibibnetdiscScan;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The tools' fabric cache options ({@link IbnetdiscoverCache}): {@code --load-cache FILE}, a fabric read from a
 * cache instead of discovered (discover, links, errors); and for discover, {@code --cache FILE}, the fabric found
 * written to one, which ibnetdiscover, iblinkinfo and ibqueryerrors load too, and {@code --diff FILE}, the fabric
 * compared with one.
 */
final class CacheFiles {
    private Path load;
    private Path save;
    private Path diff;

    void declareLoad(Declaration d) {
        d.option("--load-cache").label("FILE").help("Read the fabric from this ibnetdiscover cache instead of discovering "
                + "it (as the tools' --load-cache).").to(Values::path, v -> load = v);
    }

    void declareSave(Declaration d) {
        d.option("--cache").label("FILE").help("Also write the fabric found to this file, in ibnetdiscover's cache "
                + "format (as ibnetdiscover --cache; the tools' --load-cache reads it).").to(Values::path, v -> save = v);
    }

    void declareDiff(Declaration d) {
        d.option("--diff").label("FILE").help("Print only how the fabric differs from this ibnetdiscover cache: \"<\" "
                + "before what the cache has, \">\" before what the fabric has now (as the tool's --diff).")
                .to(Values::path, v -> diff = v);
    }

    /** --diff's cache, or null. */
    DiscoveredFabric diffBase() {
        return diff == null ? null : read("--diff", diff).fabric();
    }

    boolean loads() {
        return load != null;
    }

    /** The fabric in the cache named by --load-cache; a cache that is not one is a usage error naming the file. */
    IbnetdiscoverCache.Loaded load() {
        return read("--load-cache", load);
    }

    /** The fabric in the cache {@code option} names ({@link #cached}). */
    static IbnetdiscoverCache.Loaded read(String option, Path file) {
        return IbnetdiscoverCache.loaded(cached(option, file));
    }

    /**
     * The cache {@code option} names, linked as libibnetdisc links it; a file that cannot be read, or is not a cache
     * libibnetdisc loads, is a usage error naming the option and the file.
     */
    static CachedFabric cached(String option, Path file) {
        try {
            return CachedFabric.read(Files.readAllBytes(file), file);
        } catch (IOException e) {
            throw NamedFiles.unreadable(option, file, e);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    /** Writes {@code fabric} where --cache says, if it does. */
    void save(DiscoveredFabric fabric) {
        if (save == null) {
            return;
        }
        try {
            IbnetdiscoverCache.write(fabric, LibibnetdiscScan.fromLocalPort(fabric, 0).hopsReached(), save);
        } catch (IOException e) {
            throw new IllegalStateException("--cache: cannot write " + save + ": " + Errors.describe(e), e);
        }
    }
}
