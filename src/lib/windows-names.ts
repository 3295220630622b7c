/*
 * Names Windows keeps for its devices: no file or folder may have one, whatever follows a dot
 * and in any case (learn.microsoft.com, "Naming Files, Paths, and Namespaces"). A site copied
 * to a Windows disk, or unzipped there, loses such a folder.
 */
const DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i;

/** Whether Windows keeps `name` for a device, so that no file or folder can have it. */
export function isWindowsDeviceName(name: string): boolean {
  return DEVICE_NAME.test(name);
}
