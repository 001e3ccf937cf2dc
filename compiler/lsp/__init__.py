"""`ostraka lsp`: the language server (workspace.py the model of the project as the editor sees it,
symbols.py what a word of card data names, server.py the protocol over stdio, through pygls)."""
