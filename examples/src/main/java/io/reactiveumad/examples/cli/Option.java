package io.reactiveumad.examples.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A named option of a {@link Command}: a field set from its value (a {@code boolean} field is a flag, a
 * {@code List} or {@code Map} field takes the option repeatedly), or a method called with it, in command-line
 * order.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Option {
    /** {@code -x} and {@code --long} names; the first long one is what the help sorts by. */
    String[] names();

    /** What the value is called in the help ({@code N}, {@code LID}). */
    String paramLabel() default "VALUE";

    /** The help text; {@code ${DEFAULT-VALUE}} and {@code ${COMPLETION-CANDIDATES}} (an enum's constants) are filled in. */
    String description();

    /** The value when the option is not given, converted as a given one would be; empty: the field's own. */
    String defaultValue() default "";

    /** A regular expression splitting one value into several, for a {@code List} field. */
    String split() default "";

    /** Converts the text to the member's type; {@link Converter} itself: the type's own conversion. */
    @SuppressWarnings("rawtypes")
    Class<? extends Converter> converter() default Converter.class;
}
