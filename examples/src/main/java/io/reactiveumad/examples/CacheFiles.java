package io.reactiveumad.examples;

import io.reactiveumad.discovery.DiscoveredFabric;
import io.reactiveumad.discovery.LibibnetdiscScan;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The tools' fabric cache options ({@link IbnetdiscoverCache}): {@code --load-cache FILE}, a fabric read from a
 * cache instead of discovered (discover, links, errors); and for discover, {@code --cache FILE}, the fabric found
 * written to one, which ibnetdiscover, iblinkinfo and ibqueryerrors load too.
 */
final class CacheFiles {
    private Path load;
    private Path save;

    void declareLoad(Declaration d) {
        d.option("--load-cache").label("FILE").help("Read the fabric from this ibnetdiscover cache instead of discovering "
                + "it (as the tools' --load-cache).").to(Values::path, v -> load = v);
    }

    void declareSave(Declaration d) {
        d.option("--cache").label("FILE").help("Also write the fabric found to this file, in ibnetdiscover's cache "
                + "format (as ibnetdiscover --cache; the tools' --load-cache reads it).").to(Values::path, v -> save = v);
    }

    boolean loads() {
        return load != null;
    }

    /** The fabric in the cache named by --load-cache; a cache that is not one is a usage error naming the file. */
    IbnetdiscoverCache.Loaded load() {
        try {
            return IbnetdiscoverCache.read(load);
        } catch (NoSuchFileException e) {
            throw new UsageException("--load-cache: no such file: " + load);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the cache " + load + ": " + e, e);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--load-cache: " + e.getMessage());
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
            throw new UncheckedIOException("cannot write the cache " + save + ": " + e, e);
        }
    }
}
