import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema whose input is what the form holds (strings, as inputs give them). */
export type TFormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The one way a form is built: react-hook-form with the zod resolver on the shared contract
 * (src/shared/contracts), so each rule and its message are written once for server and browser.
 *
 * - Nothing is judged before the first submit; after it, a field is checked again as it
 *   changes, so a message lasts only as long as what it is about.
 * - On a failed submit the first invalid field takes the focus.
 * - A field whose rule reads another field (the wallet address reads the coin and the network)
 *   names it in `deps` where it is registered, so changing one checks the other again.
 */
export function useZodForm<TSchema extends TFormSchema, TValues extends FieldValues = z.input<TSchema>>(
  schema: TSchema,
  options: Omit<UseFormProps<NoInfer<TValues>, unknown, z.output<TSchema>>, 'resolver'> = {},
): UseFormReturn<TValues, unknown, z.output<TSchema>> {
  return useForm<TValues, unknown, z.output<TSchema>>({
    // TValues is the schema's input, or a wider shape the form holds (both payout kinds at once).
    resolver: zodResolver(schema) as unknown as Resolver<TValues, unknown, z.output<TSchema>>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
  });
}

export { showServerError, type TServerErrorOptions } from './server-error';
