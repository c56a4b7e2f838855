package io.reactiveumad.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Parses one JSON line of CLI output. */
final class CliRunJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CliRunJson() {
    }

    static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (java.io.IOException e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }
}
