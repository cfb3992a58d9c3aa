-- Neovim 0.7 or later (Debian 12's package is 0.7.2): start `tdq lsp` for TableGen files. Put
-- this in your config (init.lua), or :luafile it. The root is the nearest directory with a
-- tdq.toml, LLVM's compilation database or .git; `vim.g.tdq_path` names the executable.
vim.cmd([[autocmd BufRead,BufNewFile *.td setfiletype tablegen]])
local markers = { "tdq.toml", "tablegen_compile_commands.yml", ".git" }
local function root(buf)
  if vim.fs and vim.fs.root then
    return vim.fs.root(buf, markers)
  end
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p:h")
  while true do
    for _, marker in ipairs(markers) do
      if vim.loop.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return nil
    end
    dir = parent
  end
end
local clients = {} -- before 0.8 (no vim.lsp.start): one client per root
vim.api.nvim_create_autocmd("FileType", {
  pattern = "tablegen",
  callback = function(args)
    local config = { name = "tdq", cmd = { vim.g.tdq_path or "tdq", "lsp" }, root_dir = root(args.buf) }
    if vim.lsp.start then
      vim.lsp.start(config, { bufnr = args.buf })
      return
    end
    local key = config.root_dir or ""
    clients[key] = clients[key] or vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(args.buf, clients[key])
  end,
})
