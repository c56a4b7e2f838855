package io.reactiveumad.examples;

import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.attr.NodeInfo;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * infiniband-diags' ibcacheedit: a fabric cache written again with GUIDs changed, as after a switch or an adapter
 * was replaced, so that a cache kept as the fabric's reference (discover --diff, --load-cache) matches it again. The
 * cache is loaded and written as libibnetdisc does ({@link CachedFabric}), the edits changing what ibcacheedit changes:
 * the GUID stored beside a node's raw NodeInfo (a switch's ports' GUIDs with it), the SystemImageGUID inside it, or
 * one port's GUID. The options are applied in ibcacheedit's order (switch, CA, system image, port) and each must find
 * something to change, or nothing is written.
 */
final class CacheEditCommand implements Callable<Integer>, Declares {
    static final CommandInfo INFO = CommandInfo.of(CacheEditCommand.class, "cache-edit",
            "Write a fabric cache again with node, system image or port GUIDs changed (as ibcacheedit), as after a "
                    + "switch or adapter was replaced.");

    /** NodeInfo's SystemImageGUID, as stored raw in the cache. */
    private static final int SYSTEM_IMAGE_GUID = 4;

    private Path original;
    private Path edited;
    private long[] switchGuid;
    private long[] caGuid;
    private long[] sysImgGuid;
    private long[] portGuid;

    @Override
    public void declare(Declaration d) {
        d.option("--switchguid").label("BEFOREGUID:AFTERGUID").help("Change a switch's node GUID, and its ports' "
                + "with it (GUIDs in hex, as discover prints them).").to(v -> guids("--switchguid", v, 2), v -> switchGuid = v);
        d.option("--caguid").label("BEFOREGUID:AFTERGUID").help("Change a channel adapter's node GUID (its ports keep "
                + "theirs: --portguid).").to(v -> guids("--caguid", v, 2), v -> caGuid = v);
        d.option("--sysimgguid").label("BEFOREGUID:AFTERGUID").help("Change the system image GUID of every node that "
                + "has it.").to(v -> guids("--sysimgguid", v, 2), v -> sysImgGuid = v);
        d.option("--portguid").label("NODEGUID:BEFOREGUID:AFTERGUID").help("Change one port's GUID on the node with "
                + "NODEGUID (on a switch, its node GUID and every port's).").to(v -> guids("--portguid", v, 3),
                        v -> portGuid = v);
        d.parameter("ORIG_CACHE").help("The cache to read (discover --cache or ibnetdiscover --cache wrote it).")
                .to(Values::path, v -> original = v);
        d.parameter("NEW_CACHE").help("The cache to write (replaced if it exists; ORIG_CACHE itself may be named).")
                .to(Values::path, v -> edited = v);
    }

    /** {@code count} GUIDs separated by colons. */
    private static long[] guids(String option, String text, int count) {
        String[] parts = text.split(":", -1);
        if (parts.length != count) {
            throw new UsageException(option + ": '" + text + "' is not " + (count == 2 ? "BEFOREGUID:AFTERGUID"
                    : "NODEGUID:BEFOREGUID:AFTERGUID"));
        }
        long[] guids = new long[count];
        for (int i = 0; i < count; i++) {
            try {
                guids[i] = Guids.parse(parts[i]);
            } catch (IllegalArgumentException e) {
                throw new UsageException(option + ": not a GUID (hex): " + parts[i]);
            }
        }
        return guids;
    }

    @Override
    public Integer call() {
        CachedFabric fabric = CacheFiles.cached("ORIG_CACHE", original);
        List<String> missing = new ArrayList<>();
        if (switchGuid != null && nodeGuid(fabric, NodeInfo.TYPE_SWITCH, switchGuid[0], switchGuid[1]) == 0) {
            missing.add(String.format("--switchguid: no switch has GUID 0x%016x", switchGuid[0]));
        }
        if (caGuid != null && nodeGuid(fabric, NodeInfo.TYPE_CHANNEL_ADAPTER, caGuid[0], caGuid[1]) == 0) {
            missing.add(String.format("--caguid: no channel adapter has GUID 0x%016x", caGuid[0]));
        }
        if (sysImgGuid != null && systemImageGuid(fabric, sysImgGuid[0], sysImgGuid[1]) == 0) {
            missing.add(String.format("--sysimgguid: no node has system image GUID 0x%016x", sysImgGuid[0]));
        }
        if (portGuid != null) {
            String notFound = portGuid(fabric, portGuid[0], portGuid[1], portGuid[2]);
            if (notFound != null) {
                missing.add(notFound);
            }
        }
        if (!missing.isEmpty()) {
            // ibcacheedit stops at the first; all are named here, and as there nothing is written.
            throw new IllegalStateException(String.join("; ", missing) + " in " + original + ": " + edited
                    + " not written");
        }
        write(fabric.image().bytes());
        return 0;
    }

    /** Written beside NEW_CACHE and moved over it, so a failed write leaves no half cache (ibcacheedit removes it). */
    private void write(byte[] bytes) {
        Path absolute = edited.toAbsolutePath();
        Path temporary = null;
        try {
            temporary = Files.createTempFile(absolute.getParent(), absolute.getFileName() + ".", ".tmp");
            Files.write(temporary, bytes);
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // the write's failure is the one to report
                }
            }
            throw new IllegalStateException("NEW_CACHE: cannot write " + edited + ": " + Errors.describe(e), e);
        }
    }

    /** Nodes of {@code type} with GUID {@code before} get {@code after}, a switch's ports too; how many did. */
    private static int nodeGuid(CachedFabric fabric, int type, long before, long after) {
        int found = 0;
        for (CachedFabric.Node node : fabric.nodes()) {
            if (node.type() == type && node.guid() == before) {
                renameNode(node, after);
                found++;
            }
        }
        return found;
    }

    /** A node's GUID changed; a switch's ports share it, so they change with it. */
    private static void renameNode(CachedFabric.Node node, long guid) {
        node.guid(guid);
        if (node.type() == NodeInfo.TYPE_SWITCH) {
            node.ports().stream().filter(p -> p != null).forEach(p -> p.guid(guid));
        }
    }

    private static int systemImageGuid(CachedFabric fabric, long before, long after) {
        int found = 0;
        for (CachedFabric.Node node : fabric.nodes()) {
            ByteBuffer info = ByteBuffer.wrap(node.info());
            if (info.getLong(SYSTEM_IMAGE_GUID) == before) {
                info.putLong(SYSTEM_IMAGE_GUID, after);
                found++;
            }
        }
        return found;
    }

    /**
     * On each node with GUID {@code nodeGuid}: a switch whose GUID is {@code before} changes as --switchguid changes
     * it; another node's first port with {@code before} gets {@code after}. What was not found, or null.
     */
    private static String portGuid(CachedFabric fabric, long nodeGuid, long before, long after) {
        int nodes = 0;
        int found = 0;
        for (CachedFabric.Node node : fabric.nodes()) {
            if (node.guid() != nodeGuid) {
                continue;
            }
            nodes++;
            if (node.type() == NodeInfo.TYPE_SWITCH) {
                if (node.guid() == before) {
                    renameNode(node, after);
                    found++;
                }
                continue;
            }
            for (int p = 1; p <= node.numPorts(); p++) {
                CachedFabric.Port port = node.ports().get(p);
                if (port != null && port.guid() == before) {
                    port.guid(after);
                    found++;
                    break;
                }
            }
        }
        if (nodes == 0) {
            return String.format("--portguid: no node has GUID 0x%016x", nodeGuid);
        }
        return found == 0 ? String.format("--portguid: node 0x%016x has no port with GUID 0x%016x", nodeGuid, before)
                : null;
    }
}
