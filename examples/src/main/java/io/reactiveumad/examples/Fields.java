package io.reactiveumad.examples;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.service.FabricJson;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Attribute records as the CLI prints them: a name → value map (nested records flattened with dots),
 * shown as infiniband-diags' {@code Name:.....value} lines or as JSON. Keys (M_Key, SM_Key, …) are secrets:
 * they are left out unless the user asks for them (the diag tools' -K).
 */
final class Fields {
    private static final int DOTS_TO = 32;

    private Fields() {
    }

    /** The record's components in declaration order; nested records become {@code outer.inner}. */
    static Map<String, Object> of(Record record) {
        return of(record, false);
    }

    /** As {@link #of(Record)}, with the keys when {@code showKeys}. */
    static Map<String, Object> of(Record record, boolean showKeys) {
        Map<String, Object> fields = new LinkedHashMap<>();
        flatten("", record, fields, showKeys);
        return fields;
    }

    private static void flatten(String prefix, Record record, Map<String, Object> into, boolean showKeys) {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            String name = component.getName();
            if (isSecret(name) && !showKeys) {
                continue;
            }
            Object value = read(component, record);
            if (value instanceof Record nested && !(value instanceof Gid)) {
                flatten(prefix + name + ".", nested, into, showKeys);
            } else {
                into.put(prefix + name, plain(name, value));
            }
        }
    }

    /**
     * GUIDs, GIDs, ServiceIDs and keys as hex text (64-bit values do not survive JSON numbers: a JavaScript reader
     * keeps 53 bits); everything else as is.
     */
    private static Object plain(String name, Object value) {
        if (value instanceof Gid gid) {
            return gid.toString();
        }
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (value instanceof Long number && (lower.contains("guid") || lower.equals("gidprefix") || lower.equals("serviceid")
                || isSecret(name))) {
            return FabricJson.hex(number);
        }
        if (value instanceof List<?> list && lower.contains("guid")) {
            return list.stream().map(element -> element instanceof Long guid ? FabricJson.hex(guid) : element).toList();
        }
        if (value instanceof Octets octets) {
            return octets.toString();
        }
        return value;
    }

    private static boolean isSecret(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return lower.equals("mkey") || lower.equals("smkey") || lower.equals("servicekey") || lower.equals("cckey");
    }

    private static Object read(RecordComponent component, Record record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of "
                    + "" + record.getClass().getSimpleName(), e);
        }
    }

    /**
     * {@code Name:........value} lines, as smpquery and perfquery print them, with enumerations named as
     * libibmad names them ({@code nodeType: Switch}, {@code portState: Active}, {@code linkWidthActive: 4X}).
     */
    static String text(Map<String, Object> fields) {
        StringBuilder out = new StringBuilder();
        fields.forEach((name, value) -> {
            String label = name + ":";
            out.append(label).append(".".repeat(Math.max(1, DOTS_TO - label.length()))).append(named(name, value))
                    .append('\n');
        });
        return out.toString();
    }

    /** The name of an enumerated field's value (the last component of a flattened name decides), else the value. */
    private static Object named(String name, Object value) {
        if (!(value instanceof Integer code)) {
            return value;
        }
        return switch (name.substring(name.lastIndexOf('.') + 1)) {
            case "nodeType" -> NodeTypes.name(code);
            case "portState" -> PortInfo.stateName(code);
            case "portPhysicalState" -> PortNames.physicalState(code);
            case "linkWidthActive" -> PortNames.width(code);
            case "linkSpeedActive" -> PortNames.speed(code);
            default -> value;
        };
    }

    /** One record: text lines, or one JSON object. */
    static String render(Record record, boolean json) {
        return render(record, json, false);
    }

    /** As {@link #render(Record, boolean)}, with the keys when {@code showKeys}. */
    static String render(Record record, boolean json, boolean showKeys) {
        Map<String, Object> map = of(record, showKeys);
        return json ? Json.pretty(map) + "\n" : text(map);
    }

    /** Several records: text blocks separated by blank lines, or one JSON array. */
    static String render(List<? extends Record> records, boolean json) {
        return render(records, json, false);
    }

    /** As {@link #render(List, boolean)}, with the keys when {@code showKeys}. */
    static String render(List<? extends Record> records, boolean json, boolean showKeys) {
        List<Map<String, Object>> maps = records.stream().map(r -> of(r, showKeys)).toList();
        if (json) {
            return Json.pretty(maps) + "\n";
        }
        StringBuilder out = new StringBuilder();
        for (Map<String, Object> map : maps) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(text(map));
        }
        return out.toString();
    }
}
