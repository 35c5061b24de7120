// Preloaded (node --require) into the children of `npm start`: when the supervisor
// dies, even by SIGKILL, the IPC channel closes and the child shuts down instead of
// living on as an orphan holding the port.
if (typeof process.send === "function") {
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}
