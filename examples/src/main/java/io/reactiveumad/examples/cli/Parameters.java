package io.reactiveumad.examples.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A positional parameter of a {@link Command}: the field set from the argument at {@link #index()}. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Parameters {
    /** Its place among the positional arguments, from 0; optional ones come after the required ones. */
    int index();

    String paramLabel();

    String description();

    /** Whether the command runs without it (the help shows it in brackets). */
    boolean optional() default false;

    /** The value when an optional parameter is not given, converted as a given one would be. */
    String defaultValue() default "";
}
