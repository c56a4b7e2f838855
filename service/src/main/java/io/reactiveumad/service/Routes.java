package io.reactiveumad.service;

import io.reactiveumad.client.SmpRoute;
import java.util.Arrays;

/** Directed routes as infiniband-diags writes them: {@code 0,1,3} (the leading 0 is the local node). */
public final class Routes {
    private Routes() {
    }

    public static SmpRoute.Directed parse(String text) {
        // Every part counts: "-D ," or "0,," is a mistake, not the local node.
        String[] parts = text.trim().split(",", -1);
        int[] hops = new int[parts.length];
        try {
            for (int i = 0; i < parts.length; i++) {
                hops[i] = Integer.parseInt(parts[i].trim());
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a directed route (ports separated by commas, e.g. 0,1,3): " + text);
        }
        int from = hops.length > 0 && hops[0] == 0 ? 1 : 0;
        return SmpRoute.directed(Arrays.copyOfRange(hops, from, hops.length));
    }

    /** A LID, or with {@code directed} a directed route such as {@code 0,1,3}. */
    public static SmpRoute target(String text, boolean directed) {
        if (directed) {
            return parse(text);
        }
        try {
            return SmpRoute.lid(Integer.decode(text));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a LID: " + text + " (use -D for a directed route)");
        }
    }

    public static String format(SmpRoute.Directed route) {
        StringBuilder text = new StringBuilder("0");
        for (int port : route.ports()) {
            text.append(',').append(port);
        }
        return text.toString();
    }
}
