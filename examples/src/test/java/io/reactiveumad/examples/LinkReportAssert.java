package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Compares {@code umad links} with iblinkinfo's report of the same fabric. */
final class LinkReportAssert {
    private static final Pattern PORT = Pattern.compile(
            "^\\s+(?:0x[0-9a-f]{16}\\s+)?(\\d+)\\s+(\\d+)\\[  \\] ==\\(\\s*(?:(\\S+)\\s+(.+?)\\s+)?(\\S+)/\\s*(\\S+)\\)==>\\s+"
                    + "(?:(\\d+)\\s+(\\d+)\\[  \\] \"(.*)\" \\(.*\\)|\\[  \\] \"\" \\( \\))$");

    private LinkReportAssert() {
    }

    /**
     * Our text has iblinkinfo's lines (node order aside: each tool lists nodes in its own discovery order);
     * our JSON carries the same LID, port, width, speed, state, physical state and far end for every port.
     */
    static void assertSameLinks(JsonNode ours, String ourText, String theirs, int cables) {
        assertThat(ourText.lines().sorted().toList()).isEqualTo(theirs.lines().sorted().toList());

        List<String> expected = new ArrayList<>();
        for (String line : theirs.split("\n")) {
            Matcher m = PORT.matcher(line);
            if (m.matches()) {
                expected.add(String.join(" ", m.group(1), m.group(2), String.valueOf(m.group(3)), String.valueOf(m.group(4)),
                        m.group(5), m.group(6), String.valueOf(m.group(7)), String.valueOf(m.group(8)),
                        String.valueOf(m.group(9))));
            } else {
                assertThat(line).as("a node header").matches("^(Switch: 0x[0-9a-f]{16} |CA: ).*:$");
            }
        }
        List<String> actual = new ArrayList<>();
        int cabled = 0;
        for (JsonNode l : ours.get("links")) {
            JsonNode from = l.get("from");
            JsonNode to = l.get("to");
            boolean down = l.get("state").asText().equals("Down");
            actual.add(String.join(" ", from.get("lid").asText(), from.get("port").asText(),
                    down ? "null" : l.get("width").asText(), down ? "null" : l.get("speed").asText(),
                    l.get("state").asText(), l.get("physicalState").asText(),
                    to.isNull() ? "null" : to.get("lid").asText(), to.isNull() ? "null" : to.get("port").asText(),
                    to.isNull() ? "null" : to.get("description").asText()));
            cabled += to.isNull() ? 0 : 1;
        }
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(cabled).as("both ends of every cable").isEqualTo(2 * cables);
    }
}
