// The VS Code client of `tdq lsp`: starts the server for .td files over stdio.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("tdq");
  const args = ["lsp"];
  const version = config.get("llvmVersion");
  if (version) args.push("--llvm-version", version);
  const command = config.get("path") || "tdq";
  client = new LanguageClient(
    "tdq",
    "tdq lsp",
    { command, args },
    {
      documentSelector: [{ scheme: "file", language: "tablegen" }],
      initializationOptions: { compilationDatabases: config.get("compilationDatabases") || [] },
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
