/**
 * Runs `action` with `variables` added to this process's environment, which `buildSite` passes
 * on to the build; the builds run one at a time, so nothing else sees them.
 */
export async function withEnvironment<T>(
  variables: Record<string, string>,
  action: () => Promise<T>,
): Promise<T> {
  const saved = Object.keys(variables).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, variables);
  try {
    return await action();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  }
}
