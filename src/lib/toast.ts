import type { Renderable, Toast, ToastOptions, ValueOrFunction } from 'react-hot-toast'

/*
 * react-hot-toast's `toast`, with the library loaded by the first message: most visits show none, so its
 * code is not part of the first page. Messages keep their order; the shell's toaster mounts with the first.
 */
type Message = ValueOrFunction<Renderable, Toast>
type HotToast = typeof import('react-hot-toast')['default']

let library: Promise<HotToast> | null = null
const requestListeners = new Set<() => void>()

function withToast(use: (hotToast: HotToast) => void) {
  if (!library) {
    library = import('react-hot-toast').then((module) => module.default)
    for (const listener of requestListeners) listener()
  }
  void library.then(use)
}

/** Whether any message has been asked for yet (the toaster mounts from then on). */
export function toastsRequested(): boolean {
  return library !== null
}

export function subscribeToastRequests(listener: () => void): () => void {
  requestListeners.add(listener)
  return () => requestListeners.delete(listener)
}

export const toast = Object.assign(
  (message: Message, options?: ToastOptions) => withToast((hotToast) => hotToast(message, options)),
  {
    success: (message: Message, options?: ToastOptions) =>
      withToast((hotToast) => hotToast.success(message, options)),
    error: (message: Message, options?: ToastOptions) =>
      withToast((hotToast) => hotToast.error(message, options)),
    dismiss: (id?: string) => withToast((hotToast) => hotToast.dismiss(id)),
  },
)
