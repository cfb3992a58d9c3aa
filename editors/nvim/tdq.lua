-- Neovim (0.10+): start `tdq lsp` for TableGen files. Put this in your config (init.lua), or
-- :luafile it. The root is the nearest tdq.toml, LLVM checkout or compilation database.
vim.filetype.add({ extension = { td = "tablegen" } })
vim.api.nvim_create_autocmd("FileType", {
  pattern = "tablegen",
  callback = function(args)
    vim.lsp.start({
      name = "tdq",
      cmd = { "tdq", "lsp" },
      root_dir = vim.fs.root(args.buf, { "tdq.toml", "tablegen_compile_commands.yml", ".git" }),
    })
  end,
})
