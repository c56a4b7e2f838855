package io.reactiveumad.examples;

import io.reactiveumad.client.SaClient;
import io.reactiveumad.examples.cli.Converter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import reactor.core.publisher.Mono;

/**
 * saquery's node argument, {@code NODE[/N[/N]]}: the node as a unicast LID, or as a name beginning with a letter
 * (the LID of the first NodeRecord with that description, asked of the SA as saquery asks it), then up to
 * {@code numbers} numbers after slashes (a port, a block, ...), decimal or hex with 0x; an empty one is not given.
 *
 * @param name    the name, or null when the LID was given
 * @param lid     the LID given, or 0 when a name was
 * @param numbers the numbers, null where one was not given
 */
record SaNodeArgument(String name, int lid, List<Integer> numbers) {
    /** The name of each number in a form such as {@code NODE[/PORT[/BLOCK]]}. */
    private static final Pattern NUMBER_NAME = Pattern.compile("/([A-Z_]+)");
    /** A node given by LID, with {@code numbers} numbers not given. */
    static SaNodeArgument ofLid(int lid, int numbers) {
        List<Integer> none = new ArrayList<>();
        for (int i = 0; i < numbers; i++) {
            none.add(null);
        }
        return new SaNodeArgument(null, lid, none);
    }

    /**
     * A converter for an argument taking a number after the node for each of {@code maxima} (the largest each may be,
     * as its field holds it); {@code form} names the argument and its numbers in errors ({@code NODE[/PORT[/BLOCK]]}).
     */
    static Converter<SaNodeArgument> parser(String form, int... maxima) {
        List<String> names = new ArrayList<>();
        Matcher name = NUMBER_NAME.matcher(form);
        while (name.find()) {
            names.add(name.group(1));
        }
        return text -> {
            String[] parts = text.split("/", -1);
            if (parts.length > maxima.length + 1) {
                throw new IllegalArgumentException("'" + text + "' is not " + form);
            }
            String node = parts[0].strip();
            boolean named = !node.isEmpty() && Character.isLetter(node.charAt(0));
            int lid = named ? 0 : Lids.unicast(node);
            List<Integer> given = new ArrayList<>();
            for (int i = 1; i <= maxima.length; i++) {
                Integer value = i < parts.length ? number(parts[i], text, form) : null;
                if (value != null && value > maxima[i - 1]) {
                    String what = i - 1 < names.size() ? names.get(i - 1) : "number " + i;
                    throw new IllegalArgumentException("'" + text + "' is not " + form + ": " + what + " " + value
                            + " is more than " + maxima[i - 1]);
                }
                given.add(value);
            }
            return new SaNodeArgument(named ? node : null, lid, given);
        };
    }

    private static Integer number(String part, String text, String form) {
        if (part.isBlank()) {
            return null;
        }
        try {
            int value = Integer.decode(part.strip());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // told below, with the form the argument takes
        }
        throw new IllegalArgumentException("'" + text + "' is not " + form + ": '" + part + "' is not a number");
    }

    /** The i-th number after the node (from 0), or null when it was not given (or this argument takes fewer). */
    Integer number(int i) {
        return i < numbers.size() ? numbers.get(i) : null;
    }

    /** The node's LID: the one given, or the first NodeRecord's whose NodeDescription is the name. */
    Mono<Integer> lid(SaClient sa) {
        if (name == null) {
            return Mono.just(lid);
        }
        return sa.getTable(SaClient.NODE_RECORD)
                .filter(r -> r.nodeDescription().text().equals(name))
                .next()
                .map(r -> r.lid())
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("no NodeRecord is described as \"" + name
                        + "\": give its LID, or its NodeDescription as the SA has it")));
    }
}
