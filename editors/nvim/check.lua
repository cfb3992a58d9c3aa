-- A real client's check of `tdq lsp` (Neovim 0.7 or later, headless): opens FILE, waits for
-- the server's diagnostics, asks for hover at LINE:COL (0-based) and prints what came back.
-- TDQ=tdq FILE=a.td LINE=3 COL=7 nvim --headless -u NONE -c "luafile editors/nvim/check.lua"
local tdq, file, line, col = os.getenv("TDQ"), os.getenv("FILE"), os.getenv("LINE"), os.getenv("COL")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local diagnostics = nil
local client_id = vim.lsp.start_client({
  name = "tdq",
  cmd = { tdq, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(_, result)
      if result and vim.uri_to_fname(result.uri) == vim.api.nvim_buf_get_name(buf) then
        diagnostics = result.diagnostics
      end
    end,
  },
})
vim.lsp.buf_attach_client(buf, client_id)
local ok = vim.wait(120000, function() return diagnostics ~= nil end, 50)
if not ok then
  io.stdout:write("no diagnostics\n")
  vim.cmd("cquit 1")
end
io.stdout:write(string.format("diagnostics: %d\n", #diagnostics))
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = tonumber(line), character = tonumber(col) } }
local replies = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 60000) or {}
for _, reply in pairs(replies) do
  if reply.result and reply.result.contents then
    io.stdout:write("hover:\n" .. reply.result.contents.value .. "\n")
  end
end
vim.lsp.stop_client(client_id)
vim.cmd("qall!")
