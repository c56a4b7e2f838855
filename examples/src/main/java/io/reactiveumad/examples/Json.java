package io.reactiveumad.examples;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The CLI's JSON: records as objects with their component names, pretty or one line. */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private Json() {
    }

    static String pretty(Object value) {
        return write(value, true);
    }

    static String line(Object value) {
        return write(value, false);
    }

    private static String write(Object value, boolean pretty) {
        try {
            return pretty ? MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value) : MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON for " + value.getClass().getSimpleName() + ": "
                    + "" + e.getOriginalMessage(), e);
        }
    }
}
