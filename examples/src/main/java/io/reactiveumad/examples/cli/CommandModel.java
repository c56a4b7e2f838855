package io.reactiveumad.examples.cli;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A command as the parser sees it: the instance to fill and run, its options by every name, its positional
 * parameters in order and its subcommands' classes. Built by reflection over the command's class, its
 * superclasses and its {@link Mixin}s, for the one command a command line names (its subcommands are built
 * only when named).
 */
final class CommandModel {
    final Command command;
    final String qualifiedName;
    final Object instance;
    /** In declaration order, superclasses first. */
    final List<Argument> options = new ArrayList<>();
    final List<Argument> positionals = new ArrayList<>();
    private final Map<String, Argument> byName = new HashMap<>();
    private final List<Field> specFields = new ArrayList<>();
    private final List<Object> specOwners = new ArrayList<>();

    private CommandModel(Object instance, String parent, CommandLine.Factory factory) {
        this.instance = instance;
        this.command = annotation(instance.getClass());
        this.qualifiedName = parent == null ? command.name() : parent + " " + command.name();
        collect(instance, factory);
        positionals.sort(Comparator.comparingInt(p -> p.index));
        for (int i = 0; i < positionals.size(); i++) {
            Argument p = positionals.get(i);
            if (p.index != i || (i > 0 && !p.optional && positionals.get(i - 1).optional)) {
                throw new IllegalStateException(instance.getClass() + ": positional parameters are numbered from 0, "
                        + "the optional ones last");
            }
        }
        options.forEach(Argument::applyDefault);
        positionals.forEach(Argument::applyDefault);
    }

    static CommandModel of(Class<?> type, String parent, CommandLine.Factory factory) {
        return new CommandModel(factory.create(type), parent, factory);
    }

    static CommandModel of(Object instance, CommandLine.Factory factory) {
        return new CommandModel(instance, null, factory);
    }

    static Command annotation(Class<?> type) {
        Command command = type.getAnnotation(Command.class);
        if (command == null) {
            throw new IllegalStateException(type + " is not a @Command");
        }
        return command;
    }

    Optional<Argument> option(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The subcommand called {@code name} or one of its aliases. */
    Optional<Class<?>> subcommand(String name) {
        for (Class<?> sub : command.subcommands()) {
            Command c = annotation(sub);
            if (c.name().equals(name) || List.of(c.aliases()).contains(name)) {
                return Optional.of(sub);
            }
        }
        return Optional.empty();
    }

    boolean hasSubcommands() {
        return command.subcommands().length > 0;
    }

    boolean hasVersion() {
        return !command.version().isEmpty();
    }

    /** Hands the running command its name and writers. */
    CommandSpec spec(java.io.PrintWriter out, java.io.PrintWriter err) {
        CommandSpec spec = new CommandSpec(command.name(), qualifiedName, out, err);
        for (int i = 0; i < specFields.size(); i++) {
            try {
                specFields.get(i).set(specOwners.get(i), spec);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return spec;
    }

    private void collect(Object owner, CommandLine.Factory factory) {
        List<Class<?>> hierarchy = new ArrayList<>();
        for (Class<?> c = owner.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.add(0, c);
        }
        for (Class<?> c : hierarchy) {
            for (Field field : c.getDeclaredFields()) {
                if (field.isAnnotationPresent(Option.class)) {
                    add(Argument.option(field.getAnnotation(Option.class), owner, field));
                } else if (field.isAnnotationPresent(Parameters.class)) {
                    Parameters p = field.getAnnotation(Parameters.class);
                    positionals.add(Argument.positional(p, owner, field));
                } else if (field.isAnnotationPresent(Mixin.class)) {
                    Object mixin = factory.create(field.getType());
                    set(field, owner, mixin);
                    collect(mixin, factory);
                } else if (field.isAnnotationPresent(Spec.class)) {
                    field.setAccessible(true);
                    specFields.add(field);
                    specOwners.add(owner);
                }
            }
            for (Method method : c.getDeclaredMethods()) {
                if (method.isAnnotationPresent(Option.class)) {
                    add(Argument.option(method.getAnnotation(Option.class), owner, method));
                }
            }
        }
    }

    private void add(Argument option) {
        for (String name : option.names) {
            if (byName.put(name, option) != null) {
                throw new IllegalStateException(instance.getClass() + ": two options are called " + name);
            }
        }
        options.add(option);
    }

    private static void set(Field field, Object owner, Object value) {
        try {
            field.setAccessible(true);
            field.set(owner, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
