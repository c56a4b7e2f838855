package io.reactiveumad.examples.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A command of the command line: a class whose {@link Option} and {@link Parameters} members are filled from
 * the arguments, then run through {@link java.util.concurrent.Callable#call()} (its result is the exit code).
 * A class that is not callable must be given one of its {@link #subcommands()}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Command {
    String name();

    /** Other names the command answers to ({@code NI} for {@code nodeinfo}). */
    String[] aliases() default {};

    /** One paragraph for the help, wrapped to the terminal's usual width. */
    String description();

    /** Commands named after this one, in the order the help lists them. */
    Class<?>[] subcommands() default {};

    /** What {@code --version} prints; a command without one has no {@code --version}. */
    String version() default "";
}
