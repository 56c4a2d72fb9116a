module cuzk.test/cgo

go 1.19
