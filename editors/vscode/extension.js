// The thinnest client of `ostraka lsp`: start it over stdio for the YAML files under cards/.
const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
  const [command, ...args] = vscode.workspace.getConfiguration("ostraka").get("command");
  const run = { command: path.isAbsolute(command) ? command : path.join(folder, command), args, options: { cwd: folder } };
  client = new LanguageClient(
    "ostraka",
    "ostraka",
    { run, debug: run },
    {
      documentSelector: [{ scheme: "file", language: "yaml", pattern: "**/cards/**/*.yaml" }],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/cards/**/*.yaml") },
    },
  );
  context.subscriptions.push(client);
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
