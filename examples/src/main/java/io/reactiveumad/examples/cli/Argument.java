package io.reactiveumad.examples.cli;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One option or positional parameter of a command, bound to the field (or method) it fills on its owner: the
 * command or one of its {@link Mixin}s. Converts text to the member's type (or through its {@link Converter}),
 * so a refused value is a {@link UsageException} naming the option and the text.
 */
final class Argument {
    /** Option names ({@code -o}, {@code --outstanding}); empty for a positional parameter. */
    final List<String> names;
    /** A positional parameter's place, from 0; -1 for an option. */
    final int index;
    final String label;
    final String description;
    final boolean optional;
    private final String defaultValue;
    private final String split;
    private final Converter<?> converter;
    private final Object owner;
    private final Member member;
    /** The field's or the method parameter's type; for a List or Map, of its elements or values. */
    private final Class<?> type;
    private final Kind kind;

    private enum Kind { FLAG, SINGLE, LIST, MAP }

    private Argument(List<String> names, int index, String label, String description, boolean optional, String defaultValue,
            String split, Class<?> converterClass, Object owner, Member member, Type declared) {
        this.names = names;
        this.index = index;
        this.label = label;
        this.description = description;
        this.optional = optional;
        this.defaultValue = defaultValue;
        this.split = split;
        this.owner = owner;
        this.member = member;
        Class<?> raw = raw(declared);
        if (raw == List.class) {
            kind = Kind.LIST;
            type = raw(((ParameterizedType) declared).getActualTypeArguments()[0]);
        } else if (raw == Map.class) {
            kind = Kind.MAP;
            Type[] keyValue = ((ParameterizedType) declared).getActualTypeArguments();
            if (raw(keyValue[0]) != String.class) {
                throw new IllegalStateException(member + ": a Map option's keys are Strings");
            }
            type = raw(keyValue[1]);
        } else {
            kind = (raw == boolean.class || raw == Boolean.class) && !names.isEmpty() ? Kind.FLAG : Kind.SINGLE;
            type = raw;
        }
        this.converter = converterClass == Converter.class ? null : (Converter<?>) CommandLine.construct(converterClass);
    }

    static Argument option(Option option, Object owner, Field field) {
        return new Argument(List.of(option.names()), -1, option.paramLabel(), option.description(), true,
                option.defaultValue(), option.split(), option.converter(), owner, accessible(field), field.getGenericType());
    }

    static Argument option(Option option, Object owner, Method method) {
        if (method.getParameterCount() != 1) {
            throw new IllegalStateException(method + ": an option method takes its value, one parameter");
        }
        return new Argument(List.of(option.names()), -1, option.paramLabel(), option.description(), true,
                option.defaultValue(), option.split(), option.converter(), owner, accessible(method),
                method.getGenericParameterTypes()[0]);
    }

    static Argument positional(Parameters parameters, Object owner, Field field) {
        return new Argument(List.of(), parameters.index(), parameters.paramLabel(), parameters.description(), parameters.optional(),
                parameters.defaultValue(), "", Converter.class, owner, accessible(field), field.getGenericType());
    }

    boolean isFlag() {
        return kind == Kind.FLAG;
    }

    /** Whether it may be given more than once (each adds to the List or Map). */
    boolean isRepeatable() {
        return kind == Kind.LIST || kind == Kind.MAP;
    }

    /** The long name the help sorts by and messages use: {@code --outstanding}, else the short one. */
    String longName() {
        return names.stream().filter(n -> n.startsWith("--")).findFirst().orElse(names.get(0));
    }

    /** How messages name it: {@code option '--lid'} or {@code positional parameter LID}. */
    String describe(String givenAs) {
        return names.isEmpty() ? "parameter " + label : "option '" + givenAs + "'";
    }

    /** The help text with its placeholders filled in. */
    String help() {
        String text = description.replace("${DEFAULT-VALUE}", defaultValue);
        if (type.isEnum()) {
            text = text.replace("${COMPLETION-CANDIDATES}", Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name()).collect(Collectors.joining(", ")));
        }
        return text;
    }

    /** Sets the declared default, if any, before the arguments are read; a default that does not convert is a bug. */
    void applyDefault() {
        if (!defaultValue.isEmpty()) {
            try {
                apply(defaultValue, true);
            } catch (UsageException e) {
                throw new IllegalStateException(member + ": the default " + e.getMessage(), e);
            }
        }
    }

    /** A flag given. */
    void set() {
        store(Boolean.TRUE);
    }

    /**
     * A value given as {@code givenAs}; {@code first}: the first time on this command line, when a List or
     * Map starts afresh (its default is replaced, not added to).
     */
    void apply(String text, String givenAs, boolean first) {
        try {
            apply(text, first);
        } catch (UsageException e) {
            throw new UsageException("Invalid value for " + describe(givenAs) + ": " + e.getMessage());
        }
    }

    private void apply(String text, boolean first) {
        switch (kind) {
            case FLAG -> store(Boolean.valueOf(text));
            case SINGLE -> store(convert(text));
            case LIST -> {
                List<Object> list = first ? new ArrayList<>() : current(List.class);
                for (String one : split.isEmpty() ? new String[] {text} : text.split(split, -1)) {
                    list.add(convert(one));
                }
                store(list);
            }
            case MAP -> {
                Map<String, Object> map = first ? new LinkedHashMap<>() : current(Map.class);
                int eq = text.indexOf('=');
                if (eq <= 0) {
                    throw new UsageException("'" + text + "' is not " + label);
                }
                map.put(text.substring(0, eq).trim(), convert(text.substring(eq + 1).trim()));
                store(map);
            }
        }
    }

    private Object convert(String text) {
        try {
            if (converter != null) {
                return converter.convert(text);
            }
            return convertByType(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage() != null ? e.getMessage() : "'" + text + "' refused");
        }
    }

    private Object convertByType(String text) {
        if (type == String.class) {
            return text;
        }
        if (type == int.class || type == Integer.class) {
            long value = integer(text);
            if (value != (int) value) {
                throw new IllegalArgumentException("'" + text + "' is out of range (" + Integer.MIN_VALUE + " to "
                        + Integer.MAX_VALUE + ")");
            }
            return (int) value;
        }
        if (type == long.class || type == Long.class) {
            return integer(text);
        }
        if (type == double.class || type == Double.class) {
            try {
                double value = Double.parseDouble(text.strip());
                if (Double.isFinite(value)) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new IllegalArgumentException("'" + text + "' is not a number");
        }
        if (type == boolean.class || type == Boolean.class) {
            return switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("'" + text + "' is not true or false");
            };
        }
        if (type == Path.class) {
            return Path.of(text);
        }
        if (type.isEnum()) {
            for (Object constant : type.getEnumConstants()) {
                if (((Enum<?>) constant).name().equalsIgnoreCase(text.strip())) {
                    return constant;
                }
            }
            throw new IllegalArgumentException("'" + text + "' is not one of " + Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name()).collect(Collectors.joining(", ")) + " (in any case)");
        }
        throw new IllegalStateException(member + ": no conversion to " + type.getName() + "; give the option a converter");
    }

    /** A whole number as infiniband-diags users write them: decimal, or hex with 0x (never octal). */
    private static long integer(String text) {
        String stripped = text.strip();
        boolean negative = stripped.startsWith("-");
        String magnitude = negative ? stripped.substring(1) : stripped;
        boolean hex = magnitude.regionMatches(true, 0, "0x", 0, 2);
        String digits = hex ? magnitude.substring(2) : magnitude;
        int radix = hex ? 16 : 10;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> Character.digit(c, radix) >= 0)) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number (decimal, or hex with 0x)");
        }
        try {
            return Long.parseLong(negative ? "-" + digits : digits, radix);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is out of range");
        }
    }

    private <T> T current(Class<T> collection) {
        try {
            Object value = ((Field) member).get(owner);
            return collection.cast(value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private void store(Object value) {
        try {
            if (member instanceof Field field) {
                field.set(owner, value);
            } else {
                ((Method) member).invoke(owner, value);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException thrown) {
                throw thrown;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static <M extends java.lang.reflect.AccessibleObject> M accessible(M member) {
        member.setAccessible(true);
        return member;
    }
}
